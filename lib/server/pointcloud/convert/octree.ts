/*
 * Building a chunk's octree and sampling its inner nodes, as PotreeConverter 2 does: split nodes
 * above `leafMax` points into octants, then, bottom-up, each inner node takes one point per cell
 * of a 128³ grid over its box from its children (the points move up: each point is stored once).
 * Point membership is index arrays into one struct-of-arrays set; no per-point objects.
 */
import { GRID, type IntBox } from './grid';
import type { PointSet } from './point-set';

export interface OctreeNode {
  name: string;
  box: IntBox;
  /** Indices into the point set; only the first `count` are the node's. */
  indices: Uint32Array;
  count: number;
  children: (OctreeNode | undefined)[];
  /** A chunk root seen from the upper levels: its subtree lives in another chunk's output. */
  external?: boolean;
}

/** Deeper than this a node's box is a fraction of a unit: duplicates stop splitting there. */
const MAX_DEPTH = 30;

const stamp = new Uint32Array(GRID * GRID * GRID);
let generation = 0;

function nextGeneration(): number {
  generation += 1;
  if (generation === 0xffffffff) {
    stamp.fill(0);
    generation = 1;
  }
  return generation;
}

function childBox(box: IntBox, digit: number): IntBox {
  const size: [number, number, number] = [box.size[0] / 2, box.size[1] / 2, box.size[2] / 2];
  return {
    min: [box.min[0] + (digit & 4 ? size[0] : 0), box.min[1] + (digit & 2 ? size[1] : 0), box.min[2] + (digit & 1 ? size[2] : 0)],
    size,
  };
}

/** Moves one point per grid cell of `node`'s box from its children into the node. */
export function sampleFromChildren(node: OctreeNode, positions: Int32Array): void {
  const gen = nextGeneration();
  let total = 0;
  for (const child of node.children) total += child?.count ?? 0;
  const accepted = new Uint32Array(total);
  let k = 0;
  const [mx, my, mz] = node.box.min;
  // Module constants copied to locals: imported bindings are property reads in compiled code.
  const grid = GRID;
  const fx = grid / node.box.size[0];
  const fy = grid / node.box.size[1];
  const fz = grid / node.box.size[2];
  const top = grid - 1;
  for (const child of node.children) {
    if (!child) continue;
    const list = child.indices;
    let keep = 0;
    for (let j = 0; j < child.count; j += 1) {
      const index = list[j]!;
      const at = index * 3;
      let ix = ((positions[at]! - mx) * fx) | 0;
      let iy = ((positions[at + 1]! - my) * fy) | 0;
      let iz = ((positions[at + 2]! - mz) * fz) | 0;
      ix = ix < 0 ? 0 : ix > top ? top : ix;
      iy = iy < 0 ? 0 : iy > top ? top : iy;
      iz = iz < 0 ? 0 : iz > top ? top : iz;
      const cell = (ix * grid + iy) * grid + iz;
      if (stamp[cell] !== gen) {
        stamp[cell] = gen;
        accepted[k++] = index;
      } else {
        list[keep++] = index;
      }
    }
    child.count = keep;
  }
  node.indices = accepted.slice(0, k);
  node.count = k;
  node.children = node.children.map((c) => (c && (c.count > 0 || c.external || c.children.some(Boolean)) ? c : undefined));
}

/** The octree of `indices` under the node `name` (box `box`), sampled bottom-up. */
export function buildOctree(set: PointSet<Int32Array>, indices: Uint32Array, name: string, box: IntBox, leafMax: number): OctreeNode {
  const positions = set.positions;
  const build = (list: Uint32Array, nodeName: string, nodeBox: IntBox, depth: number): OctreeNode => {
    const node: OctreeNode = { name: nodeName, box: nodeBox, indices: list, count: list.length, children: [] };
    if (list.length <= leafMax || depth >= MAX_DEPTH) return node;
    const n = list.length;
    const codes = new Uint8Array(n);
    const counts = new Uint32Array(8);
    const cx = nodeBox.min[0] + nodeBox.size[0] / 2;
    const cy = nodeBox.min[1] + nodeBox.size[1] / 2;
    const cz = nodeBox.min[2] + nodeBox.size[2] / 2;
    for (let i = 0; i < n; i += 1) {
      const at = list[i]! * 3;
      const code = (positions[at]! >= cx ? 4 : 0) | (positions[at + 1]! >= cy ? 2 : 0) | (positions[at + 2]! >= cz ? 1 : 0);
      codes[i] = code;
      counts[code]! += 1;
    }
    const starts = new Uint32Array(8);
    for (let d = 1; d < 8; d += 1) starts[d] = starts[d - 1]! + counts[d - 1]!;
    const sorted = new Uint32Array(n);
    const cursor = starts.slice();
    for (let i = 0; i < n; i += 1) sorted[cursor[codes[i]!]!++] = list[i]!;
    node.children = Array.from({ length: 8 }, (_, d) =>
      counts[d]! > 0 ? build(sorted.subarray(starts[d]!, starts[d]! + counts[d]!), nodeName + d, childBox(nodeBox, d), depth + 1) : undefined,
    );
    sampleFromChildren(node, positions);
    return node;
  };
  return build(indices, name, box, 0);
}

export function* walk(node: OctreeNode): Generator<OctreeNode> {
  yield node;
  for (const child of node.children) if (child) yield* walk(child);
}
