import 'server-only';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { AppError, notFound } from '../errors';
import { assertSha256, etagOf, verifyBuffer, VerifyingStream } from './checksum';
import { assertKey, assertPrefix } from './keys';
import { DEFAULT_CONTENT_TYPE, type Body, type GetOptions, type GetResult, type ListEntry, type ObjectInfo, type PutOptions, type PutResult, type Storage } from './types';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Multipart part size in bytes (S3 minimum 5 MiB). */
  partSize?: number;
}

/** Where our SHA-256 lives on an object: user metadata (`x-amz-meta-sha256`). */
const SHA_META = 'sha256';
/** CopyObject's limit; larger objects keep their checksum only when it was known up front. */
const MAX_COPY_BYTES = 5 * 1024 ** 3;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Since 2025 the SDK adds CRC checksums to every upload by default, which many S3-compatible
    // servers reject; we verify integrity with our own SHA-256 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * S3 (or compatible) driver. Uploads stream through lib-storage (multipart above one part), hashed
 * on the way; the expected checksum/size is verified before the upload completes, so a mismatch
 * leaves no object behind. When the checksum was not known up front it is added afterwards by a
 * server-side self-copy that replaces the metadata.
 */
export function createS3Storage(config: S3StorageConfig, client: S3Client = createS3Client(config)): Storage {
  const Bucket = config.bucket;
  const copySource = (key: string) => `${Bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}`;

  async function put(key: string, body: Body, options: PutOptions = {}): Promise<PutResult> {
    assertKey(key);
    const expectedSha256 = assertSha256(options.expectedSha256);
    const contentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
    if (!(body instanceof Readable)) {
      // In memory: checked first, so the checksum travels with the upload and no self-copy is needed.
      const verified = await verifyBuffer(body, { ...options, expectedSha256 });
      options.signal?.throwIfAborted();
      await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType, Metadata: { [SHA_META]: verified.sha256 } }, partSize: config.partSize ?? 8 * 1024 * 1024, queueSize: 4 }).done();
      return { key, size: verified.bytes, sha256: verified.sha256, etag: etagOf(verified.sha256) };
    }
    const verify = new VerifyingStream({ expectedSha256, expectedSize: options.expectedSize, maxBytes: options.maxBytes });
    body.once('error', (err) => verify.destroy(err));
    body.pipe(verify);
    const abortController = new AbortController();
    const onAbort = () => abortController.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const upload = new Upload({
      client,
      params: { Bucket, Key: key, Body: verify, ContentType: contentType, Metadata: expectedSha256 ? { [SHA_META]: expectedSha256 } : {} },
      partSize: config.partSize ?? 8 * 1024 * 1024,
      queueSize: 4,
      abortController,
    });
    try {
      await upload.done();
    } catch (err) {
      body.destroy();
      // The VerifyingStream's own error (size, checksum) is the meaningful one.
      throw verify.errored ?? err;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    if (!expectedSha256 && verify.bytes <= MAX_COPY_BYTES) {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: key, CopySource: copySource(key), MetadataDirective: 'REPLACE', ContentType: contentType, Metadata: { [SHA_META]: verify.sha256 } }),
      );
    }
    return { key, size: verify.bytes, sha256: verify.sha256, etag: etagOf(verify.sha256) };
  }

  function toInfo(key: string, o: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date; Metadata?: Record<string, string> }, size: number): ObjectInfo {
    const sha256 = o.Metadata?.[SHA_META] ?? null;
    return {
      key,
      size,
      contentType: o.ContentType ?? DEFAULT_CONTENT_TYPE,
      etag: sha256 ? etagOf(sha256) : (o.ETag ?? '""'),
      sha256,
      lastModified: o.LastModified ?? new Date(0),
    };
  }

  async function get(key: string, options: GetOptions = {}): Promise<GetResult> {
    assertKey(key);
    const { range } = options;
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
      const body = out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body!.transformToWebStream() as import('node:stream/web').ReadableStream);
      return { ...toInfo(key, out, total), body, range };
    } catch (err) {
      if (isStatus(err, 404)) throw notFound('File');
      if (isStatus(err, 416)) throw new AppError('range_not_satisfiable', 'Requested range is outside the file');
      throw err;
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return toInfo(key, out, out.ContentLength ?? 0);
    } catch (err) {
      if (isStatus(err, 404)) return null;
      throw err;
    }
  }

  async function remove(key: string): Promise<void> {
    assertKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  async function* list(prefix: string): AsyncGenerator<ListEntry> {
    assertPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function deletePrefix(prefix: string): Promise<number> {
    // One DeleteObject per key: DeleteObjects needs a Content-MD5/checksum some servers reject.
    let count = 0;
    let batch: Promise<void>[] = [];
    for await (const entry of list(prefix)) {
      batch.push(remove(entry.key));
      count += 1;
      if (batch.length === 16) {
        await Promise.all(batch);
        batch = [];
      }
    }
    await Promise.all(batch);
    return count;
  }

  async function copy(from: string, to: string): Promise<void> {
    assertKey(from);
    assertKey(to);
    const source = await head(from);
    if (!source) throw notFound('File');
    if (source.size <= MAX_COPY_BYTES) {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: copySource(from), MetadataDirective: 'COPY' }));
      return;
    }
    const { body } = await get(from);
    await put(to, body, { contentType: source.contentType, expectedSha256: source.sha256 ?? undefined, expectedSize: source.size });
  }

  async function move(from: string, to: string): Promise<void> {
    if (assertKey(from) === assertKey(to)) return;
    await copy(from, to);
    await remove(from);
  }

  async function purgeIncomplete(olderThan: Date): Promise<number> {
    try {
      return await abortStaleUploads(olderThan);
    } catch (err) {
      // Some S3-compatible servers (s3rver) cannot list uploads; there is nothing we can purge.
      if (isStatus(err, 501)) return 0;
      throw err;
    }
  }

  async function abortStaleUploads(olderThan: Date): Promise<number> {
    let count = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
      for (const u of page.Uploads ?? []) {
        if (u.Key && u.UploadId && u.Initiated && u.Initiated < olderThan) {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
          count += 1;
        }
      }
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (KeyMarker);
    return count;
  }

  return { driver: 's3', put, get, head, delete: remove, deletePrefix, list, copy, move, purgeIncomplete };
}

function isStatus(err: unknown, status: number): boolean {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode === status;
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === status;
}
