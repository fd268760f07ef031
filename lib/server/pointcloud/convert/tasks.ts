/*
 * The CPU-heavy steps of a conversion, as pure functions over buffers. A worker thread
 * (thread-entry.ts) runs them by name; the inline pool calls them directly. Nothing here may
 * import server-only code.
 */
import { decodeLazChunks, type LazChunkTask } from '../las/laz';
import { inlineLazHost, type LazBatchReader } from '../las/reader';
import type { LasLayout } from '../las/header';
import type { PointBatch } from '../types';
import { encodeNode } from './encode';
import { boxOfNode, GRID, type Quantization } from './grid';
import { buildOctree, sampleFromChildren, walk, type OctreeNode } from './octree';
import {
  allocateIntSet,
  concatIntSets,
  deserializePointSet,
  gather,
  serializePointSet,
  type AttributeFlags,
  type PointSet,
} from './point-set';

export interface EncodedNode {
  name: string;
  count: number;
  /** Within the task's blob. */
  offset: number;
  size: number;
}

const lazSessions = new Map<string, LazBatchReader>();

/** World coordinates of a decoded slice to the cloud's integer space. */
export function quantize(set: PointSet, q: Quantization): Int32Array {
  const p = set.positions;
  const out = new Int32Array(set.count * 3);
  const [sx, sy, sz] = q.scale;
  const [ox, oy, oz] = q.offset;
  const limit = 2 ** 31 - 1;
  for (let i = 0; i < set.count * 3; i += 3) {
    out[i] = Math.max(0, Math.min(limit, Math.round((p[i]! - ox) / sx)));
    out[i + 1] = Math.max(0, Math.min(limit, Math.round((p[i + 1]! - oy) / sy)));
    out[i + 2] = Math.max(0, Math.min(limit, Math.round((p[i + 2]! - oz) / sz)));
  }
  return out;
}

function concatBlobs(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

function encodeNodes(nodes: OctreeNode[], set: PointSet<Int32Array>, flags: AttributeFlags, quality: number): { blob: Uint8Array; nodes: EncodedNode[] } {
  const parts: Uint8Array[] = [];
  const records: EncodedNode[] = [];
  let offset = 0;
  for (const node of nodes) {
    const bytes = encodeNode(set, node.indices.subarray(0, node.count), node.box, flags, quality);
    records.push({ name: node.name, count: node.count, offset, size: bytes.byteLength });
    parts.push(bytes);
    offset += bytes.byteLength;
  }
  return { blob: concatBlobs(parts), nodes: records };
}

function identity(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = i;
  return out;
}

export const tasks = {
  async lazOpen(input: { session: string; file: Uint8Array; layout: LasLayout }): Promise<{ count: number }> {
    const reader = await inlineLazHost.open(input.file, input.layout);
    lazSessions.set(input.session, reader);
    return { count: reader.count };
  },
  async lazNext(input: { session: string; max: number }): Promise<PointBatch | null> {
    const reader = lazSessions.get(input.session);
    if (!reader) throw new Error(`no LAZ session ${input.session}`);
    return reader.next(input.max);
  },
  async lazClose(input: { session: string }): Promise<null> {
    await lazSessions.get(input.session)?.close();
    lazSessions.delete(input.session);
    return null;
  },

  decodeLazChunks: (input: LazChunkTask): Promise<PointBatch> => decodeLazChunks(input),

  /** Splits a slice into per-chunk parts (null where the chunk gets none of its points). */
  async distributeSlice(input: { slice: Uint8Array; q: Quantization; cellToChunk: Int32Array; chunkCount: number; flags: AttributeFlags }): Promise<(Uint8Array | null)[]> {
    const set = deserializePointSet(input.slice);
    const ints = quantize(set, input.q);
    const source: PointSet<Int32Array> = { ...set, positions: ints };
    // Cells from the integer positions, as the octree's boxes are: chunk and node boxes agree.
    const g = GRID;
    const top = g - 1;
    const fx = g / input.q.cube[0];
    const fy = g / input.q.cube[1];
    const fz = g / input.q.cube[2];
    const chunkOf = new Int32Array(set.count);
    const counts = new Uint32Array(input.chunkCount);
    for (let i = 0; i < set.count; i += 1) {
      const ix = Math.min(top, Math.floor(ints[i * 3]! * fx));
      const iy = Math.min(top, Math.floor(ints[i * 3 + 1]! * fy));
      const iz = Math.min(top, Math.floor(ints[i * 3 + 2]! * fz));
      const chunk = input.cellToChunk[(ix * g + iy) * g + iz]!;
      chunkOf[i] = chunk;
      counts[chunk]! += 1;
    }
    const parts = Array.from(counts, (n) => (n > 0 ? allocateIntSet(n, input.flags) : null));
    const fill = new Uint32Array(input.chunkCount);
    const rgb = !!set.rgb;
    for (let i = 0; i < set.count; i += 1) {
      const chunk = chunkOf[i]!;
      const target = parts[chunk]!;
      const to = fill[chunk]!++;
      target.positions[to * 3] = ints[i * 3]!;
      target.positions[to * 3 + 1] = ints[i * 3 + 1]!;
      target.positions[to * 3 + 2] = ints[i * 3 + 2]!;
      if (target.gpsTime && source.gpsTime) target.gpsTime[to] = source.gpsTime[i]!;
      if (target.rgb && rgb) {
        target.rgb[to * 3] = source.rgb![i * 3]!;
        target.rgb[to * 3 + 1] = source.rgb![i * 3 + 1]!;
        target.rgb[to * 3 + 2] = source.rgb![i * 3 + 2]!;
      }
      if (target.intensity && source.intensity) target.intensity[to] = source.intensity[i]!;
      if (target.classification && source.classification) target.classification[to] = source.classification[i]!;
      if (target.returnNumber) target.returnNumber[to] = source.returnNumber?.[i] ?? 1;
      if (target.numberOfReturns) target.numberOfReturns[to] = source.numberOfReturns?.[i] ?? 1;
    }
    return parts.map((p) => (p ? serializePointSet(p) : null));
  },

  /** A chunk's octree: every node but the chunk root encoded; the root's points returned raw. */
  async indexChunk(input: { parts: Uint8Array[]; name: string; q: Quantization; flags: AttributeFlags; leafMax: number; quality: number }) {
    const set = concatIntSets(input.parts.map((p) => deserializePointSet(p) as PointSet<Int32Array>), input.flags);
    const root = buildOctree(set, identity(set.count), input.name, boxOfNode(input.name, input.q), input.leafMax);
    const below = [...walk(root)].filter((n) => n !== root);
    const { blob, nodes } = encodeNodes(below, set, input.flags, input.quality);
    const rootSet = gather(set, root.indices.subarray(0, root.count), input.flags);
    return { blob, nodes, root: serializePointSet(rootSet), rootCount: root.count, points: set.count };
  },

  /**
   * One node above the chunks: takes its sample from its children (chunk roots or nodes sampled
   * before), which are then final and encoded; returns its own points raw for its parent.
   */
  async sampleParent(input: { name: string; children: { name: string; set: Uint8Array }[]; q: Quantization; flags: AttributeFlags; quality: number }) {
    const sets = input.children.map((c) => deserializePointSet(c.set) as PointSet<Int32Array>);
    const set = concatIntSets(sets, input.flags);
    const parent: OctreeNode = { name: input.name, box: boxOfNode(input.name, input.q), indices: new Uint32Array(0), count: 0, children: [] };
    const children: OctreeNode[] = [];
    let start = 0;
    input.children.forEach((c, i) => {
      const n = sets[i]!.count;
      const indices = identity(n).map((v) => v + start);
      const child: OctreeNode = { name: c.name, box: boxOfNode(c.name, input.q), indices, count: n, children: [], external: true };
      parent.children[c.name.charCodeAt(c.name.length - 1) - 48] = child;
      children.push(child);
      start += n;
    });
    sampleFromChildren(parent, set.positions);
    const encoded = encodeNodes(children, set, input.flags, input.quality);
    return { ...encoded, parent: serializePointSet(gather(set, parent.indices.subarray(0, parent.count), input.flags)) };
  },

  /** The root's points, when nothing above it samples them. */
  async encodeRaw(input: { name: string; set: Uint8Array; q: Quantization; flags: AttributeFlags; quality: number }) {
    const set = deserializePointSet(input.set) as PointSet<Int32Array>;
    const node: OctreeNode = { name: input.name, box: boxOfNode(input.name, input.q), indices: identity(set.count), count: set.count, children: [] };
    return encodeNodes([node], set, input.flags, input.quality);
  },
};

export type TaskName = keyof typeof tasks;

export async function runTask(name: TaskName, input: unknown): Promise<unknown> {
  const task = tasks[name] as (input: unknown) => Promise<unknown>;
  if (!task) throw new Error(`unknown converter task ${String(name)}`);
  return task(input);
}
