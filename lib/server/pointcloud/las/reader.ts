/*
 * LAS, LAZ and COPC as a PointSource. Uncompressed LAS is read in ranges; LAZ is decoded by
 * laz-perf, inline or (when the converter passes a host) in a worker thread.
 */
import { PointCloudError, type ByteSource, type PointBatch, type PointSource } from '../types';
import { readLasLayout, type LasLayout } from './header';
import { checkLaz, LazRecordReader } from './laz';
import { decodeRecords } from './records';

export const BATCH_POINTS = 256 * 1024;
/** laz-perf decodes from a copy of the whole file in 32-bit WASM memory. */
export const MAX_LAZ_BYTES = 2 * 1024 * 1024 * 1024 - 64 * 1024 * 1024;

/** Decodes whole LAZ files into batches; the converter implements it with a worker thread. */
export interface LazDecodeHost {
  open(file: Uint8Array, layout: LasLayout): Promise<LazBatchReader>;
}
export interface LazBatchReader {
  readonly count: number;
  next(max: number): Promise<PointBatch | null>;
  close(): Promise<void>;
}

/** The inline host: laz-perf in this thread. Worker threads use it too. */
export const inlineLazHost: LazDecodeHost = {
  async open(file, layout) {
    const reader = await LazRecordReader.open(file);
    const { scale, offset } = layout.header;
    return {
      count: reader.count,
      async next(max) {
        if (reader.remaining <= 0) return null;
        const n = Math.min(max, reader.remaining);
        return decodeRecords(reader.read(n), n, layout.pointFormat, reader.recordLength, scale, offset);
      },
      async close() {
        reader.close();
      },
    };
  },
};

function aborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

async function* lasBatches(bytes: ByteSource, layout: LasLayout, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  const { recordLength, pointDataOffset, pointFormat, header } = layout;
  const declared = header.declaredPointCount;
  const available = Math.floor((bytes.size - pointDataOffset) / recordLength);
  const count = Math.min(declared, available);
  for (let start = 0; start < count; start += BATCH_POINTS) {
    aborted(signal);
    const n = Math.min(BATCH_POINTS, count - start);
    const data = await bytes.read(pointDataOffset + start * recordLength, n * recordLength);
    if (data.byteLength < n * recordLength) throw new PointCloudError('truncated', 'the file ended while reading points');
    yield decodeRecords(data, n, pointFormat, recordLength, header.scale, header.offset);
  }
  if (available < declared) {
    throw new PointCloudError('truncated', `the header declares ${declared} points but the file holds only ${available}`);
  }
}

async function* lazBatches(bytes: ByteSource, layout: LasLayout, host: LazDecodeHost, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  if (bytes.size > MAX_LAZ_BYTES) throw new PointCloudError('tooLarge', 'LAZ files above 2 GB cannot be decoded');
  const file = await bytes.read(0, bytes.size);
  checkLaz(file, layout.laz!, layout.pointDataOffset, layout.header.declaredPointCount);
  const reader = await host.open(file, layout);
  try {
    let decoded = 0;
    for (;;) {
      aborted(signal);
      const batch = await reader.next(BATCH_POINTS);
      if (!batch) break;
      decoded += batch.count;
      yield batch;
    }
    if (decoded !== layout.header.declaredPointCount) {
      throw new PointCloudError('pointCountMismatch', `the header declares ${layout.header.declaredPointCount} points but ${decoded} decoded`);
    }
  } finally {
    await reader.close();
  }
}

export interface OpenLasOptions {
  /** Where LAZ is decoded; inline by default. */
  lazHost?: LazDecodeHost;
}

export async function openLasSource(bytes: ByteSource, options: OpenLasOptions = {}): Promise<PointSource> {
  const layout = await readLasLayout(bytes);
  if (layout.header.declaredPointCount === 0) throw new PointCloudError('noPoints', 'the file declares no points');
  if (!layout.laz) {
    const available = Math.floor((bytes.size - layout.pointDataOffset) / layout.recordLength);
    if (available === 0) throw new PointCloudError('truncated', 'the file ends before its first point');
  }
  return {
    header: layout.header,
    batches: (signal) => (layout.laz ? lazBatches(bytes, layout, options.lazHost ?? inlineLazHost, signal) : lasBatches(bytes, layout, signal)),
    async close() {},
  };
}
