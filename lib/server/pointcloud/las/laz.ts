/*
 * LAZ decoding through laz-perf (WASM). Pure: runs in a worker thread or inline. laz-perf's
 * LASZip reads from a copy of the whole file in WASM memory, so the caller bounds the file size.
 */
import { createLazPerf, type LazPerf } from 'laz-perf';
import { PointCloudError } from '../types';
import type { LazInfo } from './header';

let lazPerf: Promise<LazPerf> | undefined;
function module(): Promise<LazPerf> {
  const loading = lazPerf ?? createLazPerf();
  lazPerf = loading;
  return loading;
}

/**
 * Checks what can be checked before laz-perf runs (it aborts or loops on some inputs): the legacy
 * point-wise compressor, a chunk table outside the file, a chunk count that contradicts the
 * declared point count.
 */
export function checkLaz(file: Uint8Array, info: LazInfo, pointDataOffset: number, declaredCount: number): void {
  if (info.compressor === 1) {
    throw new PointCloudError('legacyLazCompressor', 'this LAZ file uses the legacy LASzip 1.0 point-wise compressor, which is not supported; recompress it with a current LASzip (laszip -i in.laz -o out.laz)');
  }
  if (info.compressor !== 2 && info.compressor !== 3) throw new PointCloudError('malformedHeader', `unknown LASzip compressor ${info.compressor}`);
  if (file.byteLength < pointDataOffset + 8) throw new PointCloudError('truncated', 'the file ends before its point data');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tableAt = Number(view.getBigInt64(pointDataOffset, true));
  if (tableAt === -1) return; // written at the end by streaming writers; laz-perf finds it there
  if (tableAt < pointDataOffset + 8 || tableAt + 8 > file.byteLength) throw new PointCloudError('truncated', 'the LAZ chunk table lies beyond the end of the file');
  const chunks = view.getUint32(tableAt + 4, true);
  if (info.chunkSize !== 0xffffffff && info.chunkSize > 0) {
    const expected = Math.ceil(declaredCount / info.chunkSize);
    if (chunks !== expected) {
      throw new PointCloudError('pointCountMismatch', `the header declares ${declaredCount} points but the file holds ${chunks} chunks of up to ${info.chunkSize}`);
    }
  }
}

/** Sequential decoder of one LAZ file's raw point records. */
export class LazRecordReader {
  private constructor(
    private readonly lib: LazPerf,
    private readonly zip: InstanceType<LazPerf['LASZip']>,
    private readonly filePtr: number,
    readonly recordLength: number,
    readonly count: number,
  ) {}
  private done = 0;
  private closed = false;

  static async open(file: Uint8Array): Promise<LazRecordReader> {
    const lib = await module();
    const filePtr = lib._malloc(file.byteLength);
    lib.HEAPU8.set(file, filePtr);
    const zip = new lib.LASZip();
    try {
      zip.open(filePtr, file.byteLength);
    } catch (err) {
      zip.delete();
      lib._free(filePtr);
      throw new PointCloudError('unsupportedPointFormat', `laz-perf cannot read this file: ${err instanceof Error ? err.message : String(err)}`);
    }
    return new LazRecordReader(lib, zip, filePtr, zip.getPointLength(), zip.getCount());
  }

  get remaining(): number {
    return this.count - this.done;
  }

  /** The next `max` records (fewer at the end), copied out of WASM memory. */
  read(max: number): Uint8Array {
    const n = Math.min(max, this.remaining);
    const bytes = n * this.recordLength;
    const ptr = this.lib._malloc(Math.max(1, bytes));
    try {
      for (let i = 0; i < n; i += 1) this.zip.getPoint(ptr + i * this.recordLength);
      this.done += n;
      return this.lib.HEAPU8.slice(ptr, ptr + bytes);
    } catch (err) {
      throw new PointCloudError('truncated', `LAZ data ends or is corrupt after ${this.done} points: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.lib._free(ptr);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.zip.delete();
    this.lib._free(this.filePtr);
  }
}
