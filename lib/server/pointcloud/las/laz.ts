/*
 * LAZ decoding through laz-perf (WASM). Pure: runs in a worker thread or inline. laz-perf's
 * LASZip reads from a copy of the whole file in WASM memory, so the caller bounds the file size.
 */
import { createLazPerf, type LazPerf } from 'laz-perf';
import { PointCloudError, type PointBatch } from '../types';
import type { LazInfo } from './header';
import { decodeRecords } from './records';

let lazPerf: Promise<LazPerf> | undefined;
function module(): Promise<LazPerf> {
  const loading = lazPerf ?? createLazPerf();
  lazPerf = loading;
  return loading;
}

/** The legacy point-wise compressor makes laz-perf throw (and PDAL hang): refuse it by name. */
export function checkCompressor(info: LazInfo): void {
  if (info.compressor === 1) {
    throw new PointCloudError('legacyLazCompressor', 'this LAZ file uses the legacy LASzip 1.0 point-wise compressor, which is not supported; recompress it with a current LASzip (laszip -i in.laz -o out.laz)');
  }
  if (info.compressor !== 2 && info.compressor !== 3) throw new PointCloudError('malformedHeader', `unknown LASzip compressor ${info.compressor}`);
}

/** The chunk table must lie inside the file, and its chunk count agree with the declared points. */
export function checkChunkTable(info: LazInfo, pointDataOffset: number, fileSize: number, tableAt: number, chunkCount: number, declaredCount: number): void {
  if (tableAt < pointDataOffset + 8 || tableAt + 8 > fileSize) throw new PointCloudError('truncated', 'the LAZ chunk table lies beyond the end of the file');
  if (info.chunkSize !== 0xffffffff && info.chunkSize > 0) {
    const expected = Math.ceil(declaredCount / info.chunkSize);
    if (chunkCount !== expected) {
      throw new PointCloudError('pointCountMismatch', `the header declares ${declaredCount} points but the file holds ${chunkCount} chunks of up to ${info.chunkSize}`);
    }
  }
}

/**
 * Checks what can be checked before laz-perf runs on a whole file (it aborts or loops on some
 * inputs): the compressor, the chunk table's place and chunk count.
 */
export function checkLaz(file: Uint8Array, info: LazInfo, pointDataOffset: number, declaredCount: number): void {
  checkCompressor(info);
  if (file.byteLength < pointDataOffset + 8) throw new PointCloudError('truncated', 'the file ends before its point data');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tableAt = Number(view.getBigInt64(pointDataOffset, true));
  if (tableAt === -1) return; // written at the end by streaming writers; laz-perf finds it there
  const chunkCount = tableAt + 8 <= file.byteLength && tableAt >= 0 ? view.getUint32(tableAt + 4, true) : 0;
  checkChunkTable(info, pointDataOffset, file.byteLength, tableAt, chunkCount, declaredCount);
}

export interface LazChunkTask {
  /** The compressed bytes of consecutive chunks. */
  data: Uint8Array;
  /** Each chunk's start within `data` and point count. */
  chunks: { offset: number; points: number }[];
  pointFormat: number;
  recordLength: number;
  scale: [number, number, number];
  offset: [number, number, number];
}

/** Decodes a run of LAZ chunks with laz-perf's ChunkDecoder (any thread, any order). */
export async function decodeLazChunks(task: LazChunkTask): Promise<PointBatch> {
  const lib = await module();
  const total = task.chunks.reduce((sum, c) => sum + c.points, 0);
  const dataPtr = lib._malloc(Math.max(1, task.data.byteLength));
  const outPtr = lib._malloc(Math.max(1, total * task.recordLength));
  try {
    lib.HEAPU8.set(task.data, dataPtr);
    let at = outPtr;
    for (const chunk of task.chunks) {
      const decoder = new lib.ChunkDecoder();
      try {
        decoder.open(task.pointFormat, task.recordLength, dataPtr + chunk.offset);
        for (let i = 0; i < chunk.points; i += 1) {
          decoder.getPoint(at);
          at += task.recordLength;
        }
      } finally {
        decoder.delete();
      }
    }
    const records = lib.HEAPU8.slice(outPtr, outPtr + total * task.recordLength);
    return decodeRecords(records, total, task.pointFormat, task.recordLength, task.scale, task.offset);
  } catch (err) {
    if (err instanceof PointCloudError) throw err;
    throw new PointCloudError('truncated', `a LAZ chunk is corrupt: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    lib._free(outPtr);
    lib._free(dataPtr);
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
