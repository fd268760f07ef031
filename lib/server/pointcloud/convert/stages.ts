/*
 * The conversion as four kinds of stage, PotreeConverter's out-of-core plan: count (decode each
 * input once into slices, with bounds and attribute ranges), distribute (cut the cloud into
 * chunks of bounded size), index (one job per chunk: its octree, sampled and encoded), merge
 * (the levels above the chunks, then octree.bin, hierarchy.bin, metadata.json). Each stage reads
 * its inputs from and writes its state to storage under the work prefix, overwriting its own
 * outputs, so a stage re-run after a crash is idempotent and any process may run the next one.
 */
import { storageSource } from '../byte-source';
import { openPointSource } from '../open-source';
import { PointCloudError, type Bounds, type CoordinateSystem, type PointBatch, type PointSource } from '../types';
import { cellsOf, GRID, planChunks, type Quantization } from './grid';
import { serializeBatches, type AttributeFlags } from './point-set';
import { addBatch, emptyStats, mergeStats, type CloudStats } from './stats';
import { checkAborted, getBytes, getJson, listKeys, mapLimit, putJson, workKey, type StageContext } from './stage-io';
import type { EncodedNode } from './tasks';
import { threadChunkRunner, threadLazHost } from './thread-hosts';
import { inlineRunner, type ThreadPool } from './thread-pool';

/** Points per slice file written by the count stage. */
export const SLICE_POINTS = 1 << 20;
/**
 * Every SAMPLE_STRIDE-th point's position is kept by the count stage; the distribute stage plans
 * chunks from these samples instead of reading every slice once more. Chunk sizes are then
 * estimates (a few per cent off), which the chunk cap tolerates.
 */
export const SAMPLE_STRIDE = 16;
/** Points per chunk (an estimate, see SAMPLE_STRIDE): an index task holds about 60 bytes per point. */
export const DEFAULT_MAX_CHUNK_POINTS = 1_000_000;
export const DEFAULT_LEAF_POINTS = 20_000;
/**
 * Brotli quality 2: measured on the 11 M-point bench (one 1.5 M-point chunk) at half the time of
 * quality 4 for the same size (12.4 bytes per point); quality 5–6 save 5 % for twice the time again.
 */
export const DEFAULT_QUALITY = 2;

export type ConversionInput = { key: string } | { source: PointSource };

export interface CountResult {
  inputIndex: number;
  count: number;
  stats: CloudStats;
  attributes: AttributeFlags;
  scale: [number, number, number];
  crs: CoordinateSystem;
  slices: { key: string; count: number }[];
  /** Float64 x, y, z of every SAMPLE_STRIDE-th point. */
  sampleKey: string;
}

export interface Layout {
  points: number;
  bounds: Bounds;
  q: Quantization;
  cubeSize: number;
  spacing: number;
  attributes: AttributeFlags;
  stats: CloudStats;
  crs?: CoordinateSystem;
  slices: { key: string; count: number }[];
  chunks: { name: string; count: number }[];
}

export interface ChunkResult {
  chunk: string;
  points: number;
  nodes: number;
  bytes: number;
}

export interface MergeResult {
  points: number;
  bounds: Bounds;
  nodes: number;
  octreeBytes: number;
  hierarchyBytes: number;
}

/** Positions of the batch's points whose index in the input is a multiple of SAMPLE_STRIDE. */
function sampleOf(batch: PointBatch, firstIndex: number): Float64Array {
  const start = (SAMPLE_STRIDE - (firstIndex % SAMPLE_STRIDE)) % SAMPLE_STRIDE;
  const n = start < batch.count ? Math.ceil((batch.count - start) / SAMPLE_STRIDE) : 0;
  const out = new Float64Array(n * 3);
  for (let k = 0, i = start; k < n; k += 1, i += SAMPLE_STRIDE) {
    out[k * 3] = batch.positions[i * 3]!;
    out[k * 3 + 1] = batch.positions[i * 3 + 1]!;
    out[k * 3 + 2] = batch.positions[i * 3 + 2]!;
  }
  return out;
}

function concatFloats(parts: Float64Array[]): Uint8Array {
  const out = new Float64Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return new Uint8Array(out.buffer);
}

async function openInput(ctx: StageContext, input: ConversionInput, pool?: ThreadPool): Promise<PointSource> {
  if ('source' in input) return input.source;
  const bytes = await storageSource(ctx.storage, input.key);
  if (!pool || pool.size === 0) return openPointSource(bytes);
  return openPointSource(bytes, undefined, { lazHost: threadLazHost(pool), lazChunks: threadChunkRunner(pool) });
}

/** Decodes one input into slices under `slices/<inputIndex>/`, counting points and ranges. */
export async function countStage(ctx: StageContext & { input: ConversionInput; inputIndex: number; pool?: ThreadPool }): Promise<CountResult> {
  const { storage, inputIndex } = ctx;
  const prefix = workKey(ctx, 'slices', String(inputIndex)) + '/';
  await storage.deletePrefix(prefix);
  const source = await openInput(ctx, ctx.input, ctx.pool);
  const { header } = source;
  const stats = emptyStats();
  const slices: CountResult['slices'] = [];
  const samples: Float64Array[] = [];
  let pending: PointBatch[] = [];
  let pendingCount = 0;
  const flush = async () => {
    if (pendingCount === 0) return;
    const key = `${prefix}${String(slices.length).padStart(5, '0')}.bin`;
    await storage.put(key, serializeBatches(pending, header.attributes));
    slices.push({ key, count: pendingCount });
    pending = [];
    pendingCount = 0;
  };
  try {
    for await (const batch of source.batches(ctx.signal)) {
      checkAborted(ctx.signal);
      addBatch(stats, batch);
      samples.push(sampleOf(batch, stats.count - batch.count));
      pending.push(batch);
      pendingCount += batch.count;
      if (pendingCount >= SLICE_POINTS) await flush();
      ctx.onProgress?.({ stage: 'count', done: stats.count, total: header.declaredPointCount });
    }
    await flush();
  } finally {
    await source.close();
  }
  if (stats.count === 0) throw new PointCloudError('noPoints', 'the input holds no points');
  const sampleKey = workKey(ctx, 'samples', `${String(inputIndex).padStart(5, '0')}.bin`);
  await storage.put(sampleKey, concatFloats(samples));
  const result: CountResult = { inputIndex, count: stats.count, stats, attributes: header.attributes, scale: header.scale, crs: header.crs, slices, sampleKey };
  await putJson(storage, workKey(ctx, 'count', `${String(inputIndex).padStart(5, '0')}.json`), result);
  return result;
}

function quantization(bounds: Bounds, scales: [number, number, number][]): { q: Quantization; cubeSize: number } {
  const extent = [0, 1, 2].map((a) => bounds.max[a]! - bounds.min[a]!);
  const cubeSize = Math.max(...extent, 1e-6);
  // The finest input scale per axis, coarsened when the cube would not fit 30 bits of integers.
  const scale = [0, 1, 2].map((a) => Math.max(Math.min(...scales.map((s) => s[a]!)), cubeSize / 2 ** 30)) as [number, number, number];
  const offset: [number, number, number] = [bounds.min[0], bounds.min[1], bounds.min[2]];
  return { q: { scale, offset, cube: [cubeSize / scale[0], cubeSize / scale[1], cubeSize / scale[2]] }, cubeSize };
}

/**
 * Plans the cloud (bounds, integer space, chunks) and writes each chunk's points as parts.
 * `gpsTime`: keep GPS time in the output (8 bytes per point before compression, about 3 after);
 * off by default, as the viewer does not use it.
 */
export async function distributeStage(ctx: StageContext & { pool?: ThreadPool; maxChunkPoints?: number; gpsTime?: boolean }): Promise<Layout> {
  const { storage } = ctx;
  const runner = ctx.pool ?? inlineRunner;
  // One lane more than threads: a task is queued while another lane reads or writes storage.
  const lanes = (ctx.pool?.size ?? 0) + 1;
  const counted = await Promise.all((await listKeys(storage, workKey(ctx, 'count') + '/')).map((key) => getJson<CountResult>(storage, key)));
  if (counted.length === 0) throw new Error('distribute before count: no count results under the work prefix');
  counted.sort((a, b) => a.inputIndex - b.inputIndex);
  const stats = mergeStats(counted.map((c) => c.stats));
  const attributes: AttributeFlags = {
    rgb: counted.some((c) => c.attributes.rgb),
    intensity: counted.some((c) => c.attributes.intensity),
    classification: counted.some((c) => c.attributes.classification),
    returns: counted.some((c) => c.attributes.returns),
    gpsTime: !!ctx.gpsTime && counted.some((c) => c.attributes.gpsTime),
  };
  const { q, cubeSize } = quantization(stats.bounds, counted.map((c) => c.scale));
  const slices = counted.flatMap((c) => c.slices);

  // Chunks planned from the count stage's samples, each standing for SAMPLE_STRIDE points.
  const totals = new Uint32Array(GRID * GRID * GRID);
  for (const c of counted) {
    const bytes = await getBytes(storage, c.sampleKey);
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
    const positions = new Float64Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 8);
    const cells = cellsOf(positions, positions.length / 3, q);
    for (let i = 0; i < cells.length; i += 1) totals[cells[i]!]! += SAMPLE_STRIDE;
  }
  const plan = planChunks(totals, ctx.maxChunkPoints ?? DEFAULT_MAX_CHUNK_POINTS);
  // Shared, so each thread reads the 8 MB map without a copy.
  const cellToChunk = new Int32Array(new SharedArrayBuffer(plan.cellToChunk.byteLength));
  cellToChunk.set(plan.cellToChunk);

  await storage.deletePrefix(workKey(ctx, 'chunks') + '/');
  // Points each planned chunk actually received: chunks planned from samples may stay empty.
  const received = new Float64Array(plan.chunks.length);
  let done = 0;
  await mapLimit(slices, lanes, ctx.signal, async (slice) => {
    const parts = await runner.run<(Uint8Array | null)[]>('distributeSlice', { slice: await getBytes(storage, slice.key), q, cellToChunk, chunkCount: plan.chunks.length, flags: attributes });
    const sliceName = slice.key.split('/').slice(-2).join('-');
    parts.forEach((part, i) => {
      if (part) received[i]! += new DataView(part.buffer, part.byteOffset, 8).getUint32(4, true);
    });
    await Promise.all(parts.map((part, i) => (part ? storage.put(workKey(ctx, 'chunks', plan.chunks[i]!.name, sliceName), part) : undefined)));
    done += slice.count;
    ctx.onProgress?.({ stage: 'distribute', done, total: stats.count });
  });

  const layout: Layout = {
    points: stats.count,
    bounds: stats.bounds,
    q,
    cubeSize,
    spacing: cubeSize / 128,
    attributes,
    stats,
    crs: counted.find((c) => c.crs.wkt || c.crs.epsg)?.crs,
    slices,
    chunks: plan.chunks.map((c, i) => ({ name: c.name, count: received[i]! })).filter((c) => c.count > 0),
  };
  await putJson(storage, workKey(ctx, 'layout.json'), layout);
  return layout;
}

/** Builds and encodes one chunk's octree; its root's points wait for the merge. */
export async function indexChunkStage(ctx: StageContext & { chunk: string; pool?: ThreadPool; leafPoints?: number; quality?: number }): Promise<ChunkResult> {
  const { storage, chunk } = ctx;
  checkAborted(ctx.signal);
  const layout = await getJson<Layout>(storage, workKey(ctx, 'layout.json'));
  const keys = await listKeys(storage, workKey(ctx, 'chunks', chunk) + '/');
  if (keys.length === 0) {
    // Planned from samples, the chunk got no points: the merge leaves it out.
    await putJson(storage, workKey(ctx, 'indexed', `${chunk}.json`), { nodes: [], blobSize: 0, rootCount: 0, points: 0 });
    return { chunk, points: 0, nodes: 0, bytes: 0 };
  }
  const parts = await Promise.all(keys.map((key) => getBytes(storage, key)));
  const out = await (ctx.pool ?? inlineRunner).run<{ blob: Uint8Array; nodes: EncodedNode[]; root: Uint8Array; rootCount: number; points: number }>('indexChunk', {
    parts,
    name: chunk,
    q: layout.q,
    flags: layout.attributes,
    leafMax: ctx.leafPoints ?? DEFAULT_LEAF_POINTS,
    quality: ctx.quality ?? DEFAULT_QUALITY,
  });
  await storage.put(workKey(ctx, 'indexed', `${chunk}.octree`), out.blob);
  await storage.put(workKey(ctx, 'indexed', `${chunk}.root`), out.root);
  await putJson(storage, workKey(ctx, 'indexed', `${chunk}.json`), { nodes: out.nodes, blobSize: out.blob.byteLength, rootCount: out.rootCount, points: out.points });
  return { chunk, points: out.points, nodes: out.nodes.length + 1, bytes: out.blob.byteLength };
}
