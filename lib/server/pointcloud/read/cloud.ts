/*
 * A converted cloud read where it is stored: metadata.json and hierarchy.bin once per prefix,
 * nodes by ranged gets of octree.bin. A cloud never changes under its prefix (a rebuild writes a
 * new one), so what is read is cached per process: clouds by prefix, decoded nodes in an LRU
 * bounded by points.
 */
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { readAll } from '../../storage/read-all';
import type { Storage } from '../../storage/types';
import { decodeNodePayload, type DecodedNode } from './decode';
import { parseHierarchy, type PotreeNode } from './hierarchy';
import { WeightedLru } from './lru';
import { nodeLayout, potreeMetadataSchema, type NodeLayout, type PotreeMetadata } from './metadata';

// Async brotli runs on libuv's thread pool: nodes read together decompress in parallel.
const decompress = promisify(brotliDecompress);

export interface PotreeCloud {
  prefix: string;
  metadata: PotreeMetadata;
  layout: NodeLayout;
  root: PotreeNode;
}

/** About 15 bytes per cached point (int32 × 3 + rgb): 6 M points ≈ 90 MB. */
const NODE_CACHE_POINTS = 6_000_000;
const CLOUD_CACHE_ENTRIES = 16;
/** Ranged gets under way at once: a deep level of a large cloud must not open a file per node. */
const FETCHES_AT_ONCE = 8;
/** Nodes closer than this in octree.bin are fetched in one ranged get. */
const COALESCE_GAP_BYTES = 64 * 1024;
/** …up to this many bytes per get, so a wide view does not hold a whole octree.bin in one buffer. */
const RUN_MAX_BYTES = 8 * 1024 * 1024;

const caches = globalThis as unknown as { __argusPotreeNodes?: WeightedLru<DecodedNode>; __argusPotreeClouds?: WeightedLru<Promise<PotreeCloud>> };
const nodeCache = () => (caches.__argusPotreeNodes ??= new WeightedLru<DecodedNode>(NODE_CACHE_POINTS));
const cloudCache = () => (caches.__argusPotreeClouds ??= new WeightedLru<Promise<PotreeCloud>>(CLOUD_CACHE_ENTRIES));

const withSlash = (prefix: string) => (prefix.endsWith('/') ? prefix : `${prefix}/`);

async function bytesOf(storage: Storage, key: string, range?: { start: number; end: number }): Promise<Buffer> {
  return readAll((await storage.get(key, range ? { range } : undefined)).body);
}

async function loadCloud(storage: Storage, prefix: string): Promise<PotreeCloud> {
  const metadata = potreeMetadataSchema.parse(JSON.parse((await bytesOf(storage, `${prefix}metadata.json`)).toString('utf8')));
  const hierarchy = await bytesOf(storage, `${prefix}hierarchy.bin`);
  return { prefix, metadata, layout: nodeLayout(metadata), root: parseHierarchy(hierarchy, metadata) };
}

/** The cloud under `prefix` (metadata, node layout, hierarchy with boxes). */
export function openPotreeCloud(storage: Storage, cloudPrefix: string): Promise<PotreeCloud> {
  const prefix = withSlash(cloudPrefix);
  const cache = cloudCache();
  let cloud = cache.get(prefix);
  if (!cloud) {
    cloud = loadCloud(storage, prefix);
    cache.set(prefix, cloud, 1);
    // A failed read is not remembered: the next request tries again.
    cloud.catch(() => cache.delete(prefix));
  }
  return cloud;
}

async function inParallel<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** The nodes' points, in the order asked; cached ones from memory, the others fetched in coalesced ranges. */
export async function readPotreeNodes(storage: Storage, cloud: PotreeCloud, nodes: PotreeNode[]): Promise<DecodedNode[]> {
  const cache = nodeCache();
  const out: (DecodedNode | undefined)[] = nodes.map((n) => cache.get(`${cloud.prefix}|${n.name}`));
  const missing = nodes.map((node, i) => ({ node, i })).filter(({ node, i }) => !out[i] && node.count > 0 && node.byteSize > 0);
  missing.sort((a, b) => a.node.byteOffset - b.node.byteOffset);
  const runs: (typeof missing)[] = [];
  for (const entry of missing) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1]?.node;
    const near = run && last && entry.node.byteOffset - (last.byteOffset + last.byteSize) <= COALESCE_GAP_BYTES;
    if (near && entry.node.byteOffset + entry.node.byteSize - run[0]!.node.byteOffset <= RUN_MAX_BYTES) run.push(entry);
    else runs.push([entry]);
  }
  await inParallel(runs, FETCHES_AT_ONCE, async (run) => {
    const start = run[0]!.node.byteOffset;
    const last = run[run.length - 1]!.node;
    const bytes = await bytesOf(storage, `${cloud.prefix}octree.bin`, { start, end: last.byteOffset + last.byteSize - 1 });
    await Promise.all(
      run.map(async ({ node, i }) => {
        const at = node.byteOffset - start;
        const payload = await decompress(bytes.subarray(at, at + node.byteSize));
        const decoded = decodeNodePayload(payload, node.count, cloud.layout);
        cache.set(`${cloud.prefix}|${node.name}`, decoded, node.count);
        out[i] = decoded;
      }),
    );
  });
  return nodes.map((node, i) => out[i] ?? { count: 0, positions: new Int32Array(0), rgb: new Uint8Array(0) });
}

/** Empties the per-process caches (the bench's cold runs). */
export function clearPotreeCaches(): void {
  nodeCache().clear();
  cloudCache().clear();
}
