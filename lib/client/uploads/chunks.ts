import { UPLOAD_CHUNK_BYTES } from '@/lib/shared/uploads/protocol';

/** Half-open byte range [start, end). */
export interface ByteSpan {
  start: number;
  end: number;
}

/** The next tus request from `offset`: at most `requestBytes`, never past the end of the file. */
export function nextRequest(size: number, offset: number, requestBytes: number): ByteSpan {
  if (requestBytes <= 0) throw new Error('requestBytes must be positive');
  return { start: offset, end: Math.min(size, offset + requestBytes) };
}

/** A request's span cut into the spec's upload chunks (§9: 64 KB), the unit the browser reads. */
export function chunkSpans(span: ByteSpan, chunkBytes = UPLOAD_CHUNK_BYTES): ByteSpan[] {
  const spans: ByteSpan[] = [];
  for (let at = span.start; at < span.end; at += chunkBytes) spans.push({ start: at, end: Math.min(span.end, at + chunkBytes) });
  return spans;
}

/**
 * One request's body, read from the file chunk by chunk with `Blob.slice` (so a large file is
 * never read whole) into one buffer that is hashed and sent. `signal` stops reading on pause.
 */
export async function readRequestBody(file: Blob, span: ByteSpan, chunkBytes = UPLOAD_CHUNK_BYTES, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const body = new Uint8Array(span.end - span.start);
  for (const chunk of chunkSpans(span, chunkBytes)) {
    signal?.throwIfAborted();
    body.set(new Uint8Array(await file.slice(chunk.start, chunk.end).arrayBuffer()), chunk.start - span.start);
  }
  return body;
}

/**
 * `Upload-Checksum` for a request body: SHA-256 with WebCrypto, base64. Null where WebCrypto is
 * missing (plain http on a host other than localhost): the upload then goes without checksum.
 */
export async function checksumOf(body: Uint8Array<ArrayBuffer>, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): Promise<string | null> {
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', body));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha256 ${btoa(binary)}`;
}
