/*
 * LAS, LAZ and COPC as a PointSource. Uncompressed LAS is read in ranges; LAZ is read by its
 * chunk table in ranges and decoded by laz-perf, inline or (when the converter passes a runner)
 * on worker threads, so memory stays bounded whatever the file size.
 */
import { PointCloudError, type ByteSource, type PointBatch, type PointSource } from '../types';
import { parseChunkTable, type LazChunk } from './chunk-table';
import { readLasLayout, type LasLayout } from './header';
import { checkChunkTable, checkCompressor, checkLaz, decodeLazChunks, LazRecordReader, type LazChunkTask } from './laz';
import { decodeRecords } from './records';

export const BATCH_POINTS = 256 * 1024;
/** laz-perf decodes from a copy of the whole file in 32-bit WASM memory. */
export const MAX_LAZ_BYTES = 2 * 1024 * 1024 * 1024 - 64 * 1024 * 1024;

/** Points per run of LAZ chunks decoded as one task. */
const GROUP_POINTS = 256 * 1024;
const MAX_CHUNK_TABLE_BYTES = 64 * 1024 * 1024;

/** Decodes runs of LAZ chunks; the converter spreads them over its worker threads. */
export interface LazChunkRunner {
  readonly parallelism: number;
  decode(task: LazChunkTask): Promise<PointBatch>;
}
export const inlineChunkRunner: LazChunkRunner = { parallelism: 1, decode: decodeLazChunks };

/** Decodes whole LAZ files (those without a chunk table pointer) into batches, in order. */
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

async function* wholeLazBatches(bytes: ByteSource, layout: LasLayout, host: LazDecodeHost, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  if (bytes.size > MAX_LAZ_BYTES) throw new PointCloudError('tooLarge', 'LAZ files above 2 GB without a chunk table cannot be decoded');
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

/** The chunk table, checked against the file and the header. */
async function readChunks(bytes: ByteSource, layout: LasLayout, tableAt: number): Promise<LazChunk[]> {
  const { laz, pointDataOffset, header } = layout;
  const declared = header.declaredPointCount;
  if (tableAt < pointDataOffset + 8 || tableAt + 8 > bytes.size) throw new PointCloudError('truncated', 'the LAZ chunk table lies beyond the end of the file');
  const table = await bytes.read(tableAt, Math.min(bytes.size - tableAt, MAX_CHUNK_TABLE_BYTES));
  const count = new DataView(table.buffer, table.byteOffset, table.byteLength).getUint32(4, true);
  checkChunkTable(laz!, pointDataOffset, bytes.size, tableAt, count, declared);
  let chunks: LazChunk[];
  try {
    chunks = parseChunkTable(table, pointDataOffset + 8, laz!.chunkSize, declared);
  } catch {
    throw new PointCloudError('truncated', 'the LAZ chunk table is cut short');
  }
  const total = chunks.reduce((sum, c) => sum + c.points, 0);
  if (total !== declared) throw new PointCloudError('pointCountMismatch', `the header declares ${declared} points but the chunk table holds ${total}`);
  if (chunks.some((c) => c.size < 0 || c.points < 0 || c.offset + c.size > tableAt)) throw new PointCloudError('malformedHeader', 'the LAZ chunk table points outside the point data');
  return chunks;
}

/** LAZ read in ranges, runs of chunks decoded in parallel and yielded in file order. */
async function* chunkedLazBatches(bytes: ByteSource, layout: LasLayout, chunks: LazChunk[], runner: LazChunkRunner, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  const groups: LazChunk[][] = [];
  let group: LazChunk[] = [];
  let points = 0;
  for (const chunk of chunks) {
    group.push(chunk);
    points += chunk.points;
    if (points >= GROUP_POINTS) {
      groups.push(group);
      group = [];
      points = 0;
    }
  }
  if (group.length > 0) groups.push(group);

  const { pointFormat, recordLength, header } = layout;
  const decode = async (run: LazChunk[]): Promise<PointBatch> => {
    const start = run[0]!.offset;
    const end = run.at(-1)!.offset + run.at(-1)!.size;
    const data = await bytes.read(start, end - start);
    if (data.byteLength < end - start) throw new PointCloudError('truncated', 'the file ended inside a LAZ chunk');
    return runner.decode({ data, chunks: run.map((c) => ({ offset: c.offset - start, points: c.points })), pointFormat, recordLength, scale: header.scale, offset: header.offset });
  };
  const inflight: Promise<PointBatch>[] = [];
  let next = 0;
  const launch = () => {
    const pending = decode(groups[next++]!);
    pending.catch(() => undefined); // awaited in order below; this only marks it handled meanwhile
    inflight.push(pending);
  };
  // Twice the threads in flight: they keep decoding while the consumer writes what it got.
  while (inflight.length < runner.parallelism * 2 + 1 && next < groups.length) launch();
  while (inflight.length > 0) {
    aborted(signal);
    const batch = await inflight.shift()!;
    if (next < groups.length) launch();
    yield batch;
  }
}

/** laz-perf 0.0.7 decodes LAZ point formats 0–3 and 6–8, not those with waveform packets. */
const LAZ_FORMATS = new Set([0, 1, 2, 3, 6, 7, 8]);

async function* lazBatches(bytes: ByteSource, layout: LasLayout, options: OpenLasOptions, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  checkCompressor(layout.laz!);
  if (!LAZ_FORMATS.has(layout.pointFormat)) throw new PointCloudError('unsupportedPointFormat', `LAZ with point format ${layout.pointFormat} (waveform packets) cannot be decoded`);
  const pointer = await bytes.read(layout.pointDataOffset, 8);
  if (pointer.byteLength < 8) throw new PointCloudError('truncated', 'the file ends before its point data');
  const tableAt = Number(new DataView(pointer.buffer, pointer.byteOffset, 8).getBigInt64(0, true));
  // Writers that stream leave the pointer at -1 and put the table at the end: decode sequentially.
  if (tableAt === -1) {
    yield* wholeLazBatches(bytes, layout, options.lazHost ?? inlineLazHost, signal);
    return;
  }
  const chunks = await readChunks(bytes, layout, tableAt);
  yield* chunkedLazBatches(bytes, layout, chunks, options.lazChunks ?? inlineChunkRunner, signal);
}

export interface OpenLasOptions {
  /** Where runs of LAZ chunks are decoded; inline by default. */
  lazChunks?: LazChunkRunner;
  /** Where LAZ files without a chunk table pointer are decoded; inline by default. */
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
    batches: (signal) => (layout.laz ? lazBatches(bytes, layout, options, signal) : lasBatches(bytes, layout, signal)),
    async close() {},
  };
}
