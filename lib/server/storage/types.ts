import type { Readable } from 'node:stream';
import type { ByteRange } from './range';

/** What is known about a stored object without reading it. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** Strong entity tag (quoted), derived from the SHA-256 when known. */
  etag: string;
  /** Hex SHA-256 of the whole object; null only for objects not written through this layer. */
  sha256: string | null;
  /** XXH3-64 of the same bytes, where the driver keeps one (filesystem: taken with the SHA-256). */
  xxh3?: string | null;
  lastModified: Date;
}

export interface PutOptions {
  contentType?: string;
  /** Hex SHA-256 the body must have; on mismatch nothing is stored (AppError unprocessable). */
  expectedSha256?: string;
  /** Exact size the body must have; on mismatch nothing is stored (AppError unprocessable). */
  expectedSize?: number;
  /** Upper bound; a longer body is rejected with AppError payload_too_large and not stored. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface PutResult {
  key: string;
  size: number;
  sha256: string;
  etag: string;
}

export interface GetOptions {
  /** Inclusive byte range, already checked against the size (see range.ts). */
  range?: ByteRange;
}

export interface GetResult extends ObjectInfo {
  /** The requested bytes (the range, or the whole object). */
  body: Readable;
  range?: ByteRange;
}

export interface ListEntry {
  key: string;
  size: number;
  lastModified: Date;
}

export type Body = Readable | Buffer | Uint8Array;

/** What a file copied in with `putFileVerified` must read back as. */
export interface FileCopyExpectation {
  size: number;
  /** The file's recorded identity, kept with the copy. */
  sha256: string;
  /** XXH3-64 taken from the same bytes as the SHA-256: the copy is read back and checked with it. */
  xxh3: string;
  contentType?: string;
  signal?: AbortSignal;
}

/**
 * One interface for files, whatever holds them. Keys are validated by keys.ts (AppError
 * bad_request otherwise); a missing object is AppError not_found from get(), null from head().
 * Writes are atomic: readers see the old object or the complete new one, never a part.
 */
export interface Storage {
  readonly driver: 'fs' | 's3';
  put(key: string, body: Body, options?: PutOptions): Promise<PutResult>;
  get(key: string, options?: GetOptions): Promise<GetResult>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with the prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with the prefix, in no guaranteed order. */
  list(prefix: string): AsyncIterable<ListEntry>;
  copy(from: string, to: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  /** The object's file on this machine (filesystem driver only), for a copy through the kernel. */
  filePath?(key: string): string;
  /**
   * Copies a file of this machine in as `key` (filesystem driver only): committed only when the
   * copy, read back from the disk, has the expected size and XXH3; otherwise nothing is stored
   * (AppError unprocessable).
   */
  putFileVerified?(key: string, sourcePath: string, expect: FileCopyExpectation): Promise<PutResult>;
  /** Removes abandoned partial writes (crashed puts, unfinished multipart uploads) older than the date. */
  purgeIncomplete(olderThan: Date): Promise<number>;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
