/*
 * hierarchy.bin (convert/hierarchy.ts): 22 bytes per node, breadth-first, children in octant
 * order, in chunks of `stepSize` levels; a proxy (type 2) at a chunk's bottom points at the chunk
 * that starts with it. Read whole (a few bytes per thousand points) and turned into a tree whose
 * nodes carry their boxes in cloud coordinates, halved per level (octant bit 4 = x, 2 = y, 1 = z).
 */
import type { PotreeMetadata } from './metadata';

const NODE_BYTES = 22;
const TYPE_PROXY = 2;

export interface Box3 {
  min: [number, number, number];
  max: [number, number, number];
}

export interface PotreeNode {
  name: string;
  level: number;
  count: number;
  /** Position and length of its compressed payload in octree.bin. */
  byteOffset: number;
  byteSize: number;
  box: Box3;
  children: PotreeNode[];
}

function childBox(box: Box3, digit: number): Box3 {
  const min: [number, number, number] = [...box.min];
  const max: [number, number, number] = [...box.max];
  for (let axis = 0; axis < 3; axis++) {
    const half = (box.min[axis]! + box.max[axis]!) / 2;
    if (digit & (4 >> axis)) min[axis] = half;
    else max[axis] = half;
  }
  return { min, max };
}

export function parseHierarchy(bytes: Uint8Array, metadata: PotreeMetadata): PotreeNode {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const root: PotreeNode = { name: 'r', level: 0, count: 0, byteOffset: 0, byteSize: 0, box: { min: [...metadata.boundingBox.min], max: [...metadata.boundingBox.max] }, children: [] };
  const parseChunk = (first: PotreeNode, offset: number, size: number) => {
    if (offset < 0 || size % NODE_BYTES !== 0 || offset + size > bytes.byteLength) throw new Error(`potree hierarchy: chunk of ${first.name} out of bounds`);
    const queue = [first];
    for (let i = 0; i < size / NODE_BYTES; i++) {
      const node = queue[i];
      if (!node) throw new Error('potree hierarchy: more records than announced nodes');
      const at = offset + i * NODE_BYTES;
      const type = view.getUint8(at);
      const mask = view.getUint8(at + 1);
      const byteOffset = Number(view.getBigInt64(at + 6, true));
      const byteSize = Number(view.getBigInt64(at + 14, true));
      // The chunk's first record is the proxy's target itself (its real record); a proxy further down is resolved in its own chunk.
      if (type === TYPE_PROXY && i > 0) {
        parseChunk(node, byteOffset, byteSize);
        continue;
      }
      node.count = view.getUint32(at + 2, true);
      node.byteOffset = byteOffset;
      node.byteSize = byteSize;
      for (let digit = 0; digit < 8; digit++) {
        if (!(mask & (1 << digit))) continue;
        const child: PotreeNode = { name: node.name + digit, level: node.level + 1, count: 0, byteOffset: 0, byteSize: 0, box: childBox(node.box, digit), children: [] };
        node.children.push(child);
        queue.push(child);
      }
    }
  };
  parseChunk(root, 0, metadata.hierarchy.firstChunkSize);
  return root;
}

/** Every node, breadth-first. */
export function allNodes(root: PotreeNode): PotreeNode[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...out[i]!.children);
  return out;
}
