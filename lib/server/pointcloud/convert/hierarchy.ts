/*
 * hierarchy.bin as Potree 2 reads it: 22 bytes per node (type, child mask, point count, byte
 * offset and size in octree.bin), nodes breadth-first with children in octant order, cut into
 * chunks of `STEP_SIZE` levels; a node at a chunk's bottom level that has children is written as
 * a proxy (type 2) pointing at the chunk that starts with it.
 */

export const STEP_SIZE = 4;
const NODE_BYTES = 22;
const TYPE_NORMAL = 0;
const TYPE_LEAF = 1;
const TYPE_PROXY = 2;

export interface NodeRecord {
  name: string;
  count: number;
  /** Absolute position in octree.bin. */
  offset: number;
  size: number;
}

export interface Hierarchy {
  bytes: Uint8Array;
  firstChunkSize: number;
  depth: number;
}

export function buildHierarchy(records: NodeRecord[]): Hierarchy {
  const byName = new Map(records.map((r) => [r.name, r]));
  const masks = new Map<string, number>();
  let depth = 0;
  for (const r of records) {
    depth = Math.max(depth, r.name.length - 1);
    if (r.name.length > 1) {
      const parent = r.name.slice(0, -1);
      masks.set(parent, (masks.get(parent) ?? 0) | (1 << (r.name.charCodeAt(r.name.length - 1) - 48)));
    }
  }
  const childrenOf = (name: string): string[] => {
    const mask = masks.get(name) ?? 0;
    const out: string[] = [];
    for (let d = 0; d < 8; d += 1) if (mask & (1 << d)) out.push(name + d);
    return out;
  };

  // Each chunk: its nodes breadth-first, and which of them are proxies for further chunks.
  interface Chunk { root: string; nodes: string[]; proxies: Set<string> }
  const chunks: Chunk[] = [];
  const pending = ['r'];
  while (pending.length > 0) {
    const root = pending.shift()!;
    const chunk: Chunk = { root, nodes: [], proxies: new Set() };
    const queue = [root];
    while (queue.length > 0) {
      const name = queue.shift()!;
      chunk.nodes.push(name);
      const kids = childrenOf(name);
      if (name !== root && name.length - root.length >= STEP_SIZE && kids.length > 0) {
        chunk.proxies.add(name);
        pending.push(name);
        continue;
      }
      queue.push(...kids);
    }
    chunks.push(chunk);
  }
  const chunkAt = new Map<string, { offset: number; size: number }>();
  let total = 0;
  for (const c of chunks) {
    chunkAt.set(c.root, { offset: total, size: c.nodes.length * NODE_BYTES });
    total += c.nodes.length * NODE_BYTES;
  }
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const c of chunks) {
    for (const name of c.nodes) {
      const record = byName.get(name);
      const mask = masks.get(name) ?? 0;
      const proxy = c.proxies.has(name) ? chunkAt.get(name)! : undefined;
      view.setUint8(at, proxy ? TYPE_PROXY : mask === 0 ? TYPE_LEAF : TYPE_NORMAL);
      view.setUint8(at + 1, mask);
      view.setUint32(at + 2, record?.count ?? 0, true);
      view.setBigInt64(at + 6, BigInt(proxy ? proxy.offset : (record?.offset ?? 0)), true);
      view.setBigInt64(at + 14, BigInt(proxy ? proxy.size : (record?.size ?? 0)), true);
      at += NODE_BYTES;
    }
  }
  return { bytes, firstChunkSize: chunks[0]!.nodes.length * NODE_BYTES, depth };
}
