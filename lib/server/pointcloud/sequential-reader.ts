import { type ByteSource } from './types';

/** Reads a ByteSource front to back in large windows, so a parser can look at a few bytes at a time. */
export class SequentialReader {
  private buffer = new Uint8Array(0);
  /** Position of buffer[0] in the file. */
  private bufferStart: number;
  /** Next unread byte, relative to buffer[0]. */
  position = 0;

  constructor(
    private readonly source: ByteSource,
    start: number,
    // 1 MiB windows: few enough reads for S3, little enough memory per open file.
    private readonly windowSize = 1 << 20,
  ) {
    this.bufferStart = start;
  }

  /** The buffered bytes; valid from `position` for at least the length `ensure` was given. */
  get bytes(): Uint8Array {
    return this.buffer;
  }

  get filePosition(): number {
    return this.bufferStart + this.position;
  }

  get available(): number {
    return this.buffer.length - this.position;
  }

  /** Makes `length` bytes available from `position`; false when the file ends first. */
  async ensure(length: number): Promise<boolean> {
    if (this.available >= length) return true;
    const keep = this.buffer.subarray(this.position);
    const end = this.bufferStart + this.buffer.length;
    const want = Math.min(Math.max(length - keep.length, this.windowSize), this.source.size - end);
    const fresh = want > 0 ? await this.source.read(end, want) : new Uint8Array(0);
    const joined = new Uint8Array(keep.length + fresh.length);
    joined.set(keep);
    joined.set(fresh, keep.length);
    this.bufferStart += this.position;
    this.buffer = joined;
    this.position = 0;
    return joined.length >= length;
  }

  /** Loads the next window even if bytes are still buffered; false at the end of the file. */
  async more(): Promise<boolean> {
    return this.ensure(this.available + 1);
  }

  /** Moves `length` bytes on without reading them; false when the file ends first. */
  skip(length: number): boolean {
    if (length <= this.available) {
      this.position += length;
      return true;
    }
    const target = this.filePosition + length;
    this.bufferStart = Math.min(target, this.source.size);
    this.buffer = new Uint8Array(0);
    this.position = 0;
    return target <= this.source.size;
  }
}
