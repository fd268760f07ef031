import 'server-only';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';

/*
 * Writes a PATCH request's body into the upload's file from `offset` on, as it arrives.
 *
 * Node hands a request's body over in socket reads of at most 64 KiB. Piped into a WriteStream each
 * became its own write on the thread pool (a round trip to the main thread per 64 KiB, 64 per
 * 4 MiB request) with the stream machinery around it. Here the reads are copied into one buffer
 * for the request (its length is known and bounded by UPLOAD_REQUEST_BYTES; buffers are reused,
 * so the 64 KiB reads die young instead of piling up as external memory for the collector) and
 * written WRITE_BYTES at a time with one positioned write, while the next ones are read. The whole
 * body in one piece also lets its checksum be computed in one call off the main thread. The
 * buffers are shared memory, so the hashing thread (running-digest.ts) reads them where they are.
 */

/** Bytes gathered before a write: large enough that the per-write cost vanishes, small enough to overlap reading and writing. */
export const WRITE_BYTES = 1024 * 1024;
/** Bytes gathered before they go to `eachPiece` (the hashes): what is left to hash when the last byte arrived. */
export const PIECE_BYTES = 256 * 1024;

/** Request buffers kept for reuse: a few uploads in flight need no new one. */
const KEEP_BUFFERS = 4;
const free: Buffer[] = [];

function takeBuffer(size: number): Buffer {
  const at = free.findIndex((b) => b.byteLength >= size);
  return at >= 0 ? free.splice(at, 1)[0]! : Buffer.from(new SharedArrayBuffer(size));
}

function giveBack(buffer: Buffer): void {
  if (free.length < KEEP_BUFFERS) free.push(buffer);
}

/** Writes all of `bytes` at `position` (a write may take less than asked). */
async function writeAll(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.byteLength) {
    const { bytesWritten } = await file.write(bytes, done, bytes.byteLength - done, position + done);
    if (bytesWritten === 0) throw new Error('the upload file took no bytes');
    done += bytesWritten;
  }
}

export interface AppendHooks<R> {
  /** Each piece of the body, in order, as it arrives (the hashes). */
  eachPiece(bytes: Buffer): void;
  /**
   * The whole body once it arrived, while its last piece is being written (the request's checksum).
   * The buffer is reused once this resolved: it must be done with every piece by then.
   */
  whole(body: Buffer): Promise<R>;
}

/**
 * Appends `req`'s body of `length` bytes to `path` from `offset` on and resolves with what
 * `hooks.whole` made of it, once every byte is on the file. Rejects when the body breaks off, is not
 * `length` bytes long or a write fails — only after every write started has settled, so a rollback
 * that follows sees the file as it stays. (The buffer of a failed request is not reused: a hash of
 * its pieces may still be reading it.)
 */
export async function appendRequest<R>(req: IncomingMessage, path: string, offset: number, length: number, hooks: AppendHooks<R>): Promise<R> {
  const file = await open(path, 'r+');
  const body = takeBuffer(length);
  let received = 0;
  let issued = 0;
  let handed = 0;
  let writes: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  let result: Promise<R> | null = null;

  const write = (to: number) => {
    const piece = body.subarray(issued, to);
    const at = offset + issued;
    issued = to;
    writes = writes.then(() => (failure === null ? writeAll(file, piece, at) : undefined)).catch((err: unknown) => {
      failure ??= err;
      req.destroy(err as Error);
    });
  };

  const hand = (to: number) => {
    hooks.eachPiece(body.subarray(handed, to));
    handed = to;
  };

  req.on('data', (chunk: Buffer) => {
    if (received + chunk.byteLength > length) {
      failure ??= new Error('the request body is longer than its Content-Length');
      req.destroy(failure as Error);
      return;
    }
    chunk.copy(body, received);
    received += chunk.byteLength;
    if (received - handed >= PIECE_BYTES) hand(received);
    if (received - issued >= WRITE_BYTES) write(received);
  });
  try {
    await finished(req);
    if (received !== length) throw new Error('the request body is shorter than its Content-Length');
    if (handed < received) hand(received);
    if (issued < received) write(received);
    result = hooks.whole(body.subarray(0, length));
    await writes;
    if (failure !== null) throw failure;
    const made = await result;
    giveBack(body);
    return made;
  } finally {
    await writes;
    await result?.catch(() => undefined);
    await file.close();
  }
}
