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
  /** Removes abandoned partial writes (crashed puts, unfinished multipart uploads) older than the date. */
  purgeIncomplete(olderThan: Date): Promise<number>;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
