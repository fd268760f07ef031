/*
 * The last stage: the levels above the chunks, sampled node by node, then octree.bin,
 * hierarchy.bin and metadata.json under the output prefix.
 */
import { Readable } from 'node:stream';
import { buildHierarchy, type NodeRecord } from './hierarchy';
import { buildMetadata } from './metadata';
import { checkAborted, getBytes, getJson, mapLimit, workKey, type StageContext } from './stage-io';
import { DEFAULT_QUALITY, type Layout, type MergeResult } from './stages';
import type { EncodedNode } from './tasks';
import { inlineRunner, type ThreadPool } from './thread-pool';

/** Samples the levels above the chunks and writes the Potree 2.0 files under `outputPrefix`. */
export async function mergeStage(ctx: StageContext & { outputPrefix: string; name?: string; pool?: ThreadPool; quality?: number }): Promise<MergeResult> {
  const { storage } = ctx;
  checkAborted(ctx.signal);
  const layout = await getJson<Layout>(storage, workKey(ctx, 'layout.json'));
  const infos = await Promise.all(
    layout.chunks.map(async (c) => ({
      name: c.name,
      info: await getJson<{ nodes: EncodedNode[]; blobSize: number; points: number }>(storage, workKey(ctx, 'indexed', `${c.name}.json`)),
    })),
  );
  const indexed = await Promise.all(
    infos.filter((c) => c.info.points > 0).map(async (c) => ({ ...c, root: await getBytes(storage, workKey(ctx, 'indexed', `${c.name}.root`)) })),
  );
  // Levels above the chunks, deepest first: each node samples its children's remaining points,
  // after which the children are final and encoded. Only one node's children are in memory at a
  // time, however many chunks there are.
  const runner = ctx.pool ?? inlineRunner;
  const params = { q: layout.q, flags: layout.attributes, quality: ctx.quality ?? DEFAULT_QUALITY };
  const raw = new Map(indexed.map((c) => [c.name, workKey(ctx, 'indexed', `${c.name}.root`)]));
  const upperNames = new Set<string>();
  for (const c of indexed) for (let l = 1; l < c.name.length; l += 1) upperNames.add(c.name.slice(0, l));
  const levels = [...new Set([...upperNames].map((n) => n.length))].sort((a, b) => b - a);
  const blobs: { key: string; nodes: EncodedNode[]; size: number }[] = [];
  await storage.deletePrefix(workKey(ctx, 'merged') + '/');
  for (const length of levels) {
    const parents = [...upperNames].filter((n) => n.length === length);
    await mapLimit(parents, (ctx.pool?.size ?? 0) + 1, ctx.signal, async (name) => {
      const children = [];
      for (let d = 0; d < 8; d += 1) {
        const key = raw.get(name + d);
        if (key) children.push({ name: name + d, set: await getBytes(storage, key) });
      }
      const out = await runner.run<{ blob: Uint8Array; nodes: EncodedNode[]; parent: Uint8Array }>('sampleParent', { name, children, ...params });
      const blobKey = workKey(ctx, 'merged', `${name}.children`);
      await storage.put(blobKey, out.blob);
      blobs.push({ key: blobKey, nodes: out.nodes, size: out.blob.byteLength });
      const parentKey = workKey(ctx, 'merged', `${name}.root`);
      await storage.put(parentKey, out.parent);
      for (const c of children) raw.delete(c.name);
      raw.set(name, parentKey);
    });
  }
  checkAborted(ctx.signal);
  const root = await runner.run<{ blob: Uint8Array; nodes: EncodedNode[] }>('encodeRaw', { name: 'r', set: await getBytes(storage, raw.get('r')!), ...params });
  const parts: { key?: string; bytes?: Uint8Array; nodes: EncodedNode[]; size: number }[] = [
    { bytes: root.blob, nodes: root.nodes, size: root.blob.byteLength },
    ...blobs,
    ...indexed.map((c) => ({ key: workKey(ctx, 'indexed', `${c.name}.octree`), nodes: c.info.nodes, size: c.info.blobSize })),
  ];
  const records: NodeRecord[] = [];
  let base = 0;
  for (const part of parts) {
    for (const n of part.nodes) records.push({ name: n.name, count: n.count, offset: base + n.offset, size: n.size });
    base += part.size;
  }
  const total = records.reduce((sum, r) => sum + r.count, 0);
  if (total !== layout.points) throw new Error(`the octree holds ${total} points but ${layout.points} were counted`);

  const out = ctx.outputPrefix.endsWith('/') ? ctx.outputPrefix : `${ctx.outputPrefix}/`;
  async function* octree() {
    for (const part of parts) {
      if (part.bytes) {
        yield part.bytes;
        continue;
      }
      const { body } = await storage.get(part.key!);
      for await (const piece of body) yield piece as Uint8Array;
    }
  }
  await storage.put(`${out}octree.bin`, Readable.from(octree()), { signal: ctx.signal });
  const hierarchy = buildHierarchy(records);
  await storage.put(`${out}hierarchy.bin`, hierarchy.bytes);
  // Written last: a reader that sees metadata.json finds the files it describes.
  const metadata = buildMetadata({
    name: ctx.name ?? 'pointcloud',
    points: layout.points,
    q: layout.q,
    cubeSize: layout.cubeSize,
    spacing: layout.spacing,
    tight: layout.bounds,
    flags: layout.attributes,
    stats: layout.stats,
    crs: layout.crs,
    hierarchy,
  });
  await storage.put(`${out}metadata.json`, Buffer.from(JSON.stringify(metadata, null, 2)), { contentType: 'application/json' });
  return { points: layout.points, bounds: layout.bounds, nodes: records.length, octreeBytes: base, hierarchyBytes: hierarchy.bytes.byteLength };
}
