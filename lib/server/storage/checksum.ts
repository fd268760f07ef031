import 'server-only';
import { createHash, webcrypto, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../errors';
import { FastHash, xxh3Of } from './fast-hash';
import type { PutOptions } from './types';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function assertSha256(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (!SHA256_HEX.test(lower)) throw new AppError('bad_request', 'expected SHA-256 must be 64 hex digits');
  return lower;
}

export const etagOf = (sha256: string) => `"${sha256}"`;

/**
 * Passes bytes through while hashing and counting them. The size limit is enforced as bytes
 * arrive; the expected size and checksum are checked in flush(), i.e. before the consumer sees
 * the end of the stream, so a mismatch fails the write before anything is committed (the file
 * is never renamed into place, the S3 upload is never completed).
 */
export class VerifyingStream extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private readonly fast = new FastHash();
  /** Bytes seen so far (not `size`: lib-storage reads a body's `size` as its total length). */
  bytes = 0;
  sha256 = '';
  /** XXH3-64 of the same bytes (fast-hash.ts): what a later filesystem copy is checked with. */
  xxh3 = '';

  constructor(private readonly expect: Pick<PutOptions, 'expectedSha256' | 'expectedSize' | 'maxBytes'>) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    const limit = this.expect.maxBytes ?? this.expect.expectedSize;
    if (limit !== undefined && this.bytes > limit) {
      callback(
        this.expect.maxBytes !== undefined && this.bytes > this.expect.maxBytes
          ? new AppError('payload_too_large', `The file is larger than ${this.expect.maxBytes} bytes`, { maxBytes: this.expect.maxBytes })
          : sizeMismatch(this.expect.expectedSize ?? 0, this.bytes, true),
      );
      return;
    }
    this.hash.update(chunk);
    this.fast.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.sha256 = this.hash.digest('hex');
    this.xxh3 = this.fast.digest();
    const { expectedSize, expectedSha256 } = this.expect;
    if (expectedSize !== undefined && this.bytes !== expectedSize) return callback(sizeMismatch(expectedSize, this.bytes, false));
    if (expectedSha256 !== undefined && this.sha256 !== expectedSha256) {
      return callback(new AppError('unprocessable', 'The file does not match its checksum; nothing was stored', { expectedSha256, actualSha256: this.sha256 }));
    }
    callback();
  }
}

/**
 * The same checks for a body already in memory, hashed on libuv's thread pool (WebCrypto) instead
 * of the event loop: a sync copying many files hashes them on every core at once.
 */
export async function verifyBuffer(bytes: Uint8Array, expect: Pick<PutOptions, 'expectedSha256' | 'expectedSize' | 'maxBytes'>): Promise<{ bytes: number; sha256: string; xxh3: string }> {
  if (expect.maxBytes !== undefined && bytes.byteLength > expect.maxBytes) {
    throw new AppError('payload_too_large', `The file is larger than ${expect.maxBytes} bytes`, { maxBytes: expect.maxBytes });
  }
  if (expect.expectedSize !== undefined && bytes.byteLength !== expect.expectedSize) throw sizeMismatch(expect.expectedSize, bytes.byteLength, false);
  const sha256 = Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
  if (expect.expectedSha256 !== undefined && sha256 !== expect.expectedSha256) {
    throw new AppError('unprocessable', 'The file does not match its checksum; nothing was stored', { expectedSha256: expect.expectedSha256, actualSha256: sha256 });
  }
  return { bytes: bytes.byteLength, sha256, xxh3: xxh3Of(bytes) };
}

function sizeMismatch(expected: number, actual: number, atLeast: boolean): AppError {
  return new AppError('unprocessable', `The file has ${atLeast ? 'more than ' : ''}${actual} bytes, expected ${expected}; nothing was stored`, {
    expectedSize: expected,
    actualSize: actual,
  });
}
