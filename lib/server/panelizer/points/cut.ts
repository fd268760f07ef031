/*
 * The point sets the panelizer draws on (lib/shared/panelizer/points.ts), cut from a converted
 * cloud. The octree is walked level by level through the nodes whose boxes meet the slab; each
 * level is a denser, even sample of the whole, so stopping at the level that would pass `limit`
 * (and thinning only that level, by a stride over its Morton-ordered points) keeps the result
 * even over the area, however large the cloud.
 */
import type { PanelizerPoints, PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import type { Storage } from '../../storage/types';
import { openPotreeCloud, readPotreeNodes, tightBounds, type Box3, type DecodedNode, type PotreeNode } from '../../pointcloud/read';
import { defaultSectionLine } from './default-section';
import { boxMeetsSlab, slabOf, type Slab } from './slab';

type Vec3 = [number, number, number];

const localBox = (box: Box3, origin: Vec3): Box3 => ({
  min: [box.min[0] - origin[0], box.min[1] - origin[1], box.min[2] - origin[2]],
  max: [box.max[0] - origin[0], box.max[1] - origin[1], box.max[2] - origin[2]],
});

interface Part {
  count: number;
  uv: Float32Array;
  rgb: Uint8Array;
}

/** One level's points inside the slab, projected, every `stride`-th kept (1: all). */
function project(nodes: DecodedNode[], slab: Slab, scale: Vec3, shift: Vec3, stride: number): Part {
  const capacity = Math.ceil(nodes.reduce((sum, n) => sum + n.count, 0) / stride) + nodes.length;
  const uv = new Float32Array(capacity * 2);
  const rgb = new Uint8Array(capacity * 3);
  let count = 0;
  const [sx, sy, sz] = scale;
  const [bx, by, bz] = shift;
  const { zMin, zMax, line } = slab;
  for (const node of nodes) {
    const p = node.positions;
    for (let i = 0; i < node.count; i += stride) {
      const z = p[i * 3 + 2]! * sz + bz;
      if (z < zMin || z > zMax) continue;
      const x = p[i * 3]! * sx + bx;
      const y = p[i * 3 + 1]! * sy + by;
      let u = x;
      let v = y;
      if (line) {
        const rx = x - line.x0;
        const ry = y - line.y0;
        u = rx * line.dx + ry * line.dy;
        const w = ry * line.dx - rx * line.dy;
        if (u < 0 || u > line.length || w < -line.halfDepth || w > line.halfDepth) continue;
        v = z;
      }
      uv[count * 2] = u;
      uv[count * 2 + 1] = v;
      rgb[count * 3] = node.rgb[i * 3]!;
      rgb[count * 3 + 1] = node.rgb[i * 3 + 1]!;
      rgb[count * 3 + 2] = node.rgb[i * 3 + 2]!;
      count++;
    }
  }
  return { count, uv: uv.subarray(0, count * 2), rgb: rgb.subarray(0, count * 3) };
}

function join(parts: Part[]): PanelizerPoints {
  const count = parts.reduce((sum, p) => sum + p.count, 0);
  const uv = new Float32Array(count * 2);
  const rgb = new Uint8Array(count * 3);
  let at = 0;
  for (const part of parts) {
    uv.set(part.uv, at * 2);
    rgb.set(part.rgb, at * 3);
    at += part.count;
  }
  let [uMin, uMax, vMin, vMax] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const u = uv[i * 2]!;
    const v = uv[i * 2 + 1]!;
    if (u < uMin) uMin = u;
    if (u > uMax) uMax = u;
    if (v < vMin) vMin = v;
    if (v > vMax) vMax = v;
  }
  const bounds = count > 0 ? { uMin, uMax, vMin, vMax } : { uMin: 0, uMax: 0, vMin: 0, vMax: 0 };
  return { count, uv, rgb, bounds };
}

/**
 * The view `query` asks for, from the cloud under `cloudPrefix`, in the local frame whose (0, 0, 0)
 * is `origin` in cloud coordinates. Throws AppError validation for a line without length or
 * heights the wrong way round.
 */
export async function cutPanelizerPoints(storage: Storage, cloudPrefix: string, origin: Vec3, query: PanelizerPointsQuery): Promise<PanelizerPoints> {
  const cloud = await openPotreeCloud(storage, cloudPrefix);
  const bounds = localBox(tightBounds(cloud.metadata), origin);
  if (query.view === 'section' && [query.x0, query.y0, query.x1, query.y1].some((c) => c === undefined)) {
    const line = await defaultSectionLine((q) => cutPanelizerPoints(storage, cloudPrefix, origin, q), bounds);
    if (line) query = { ...query, ...line };
  }
  const slab = slabOf(query, bounds);
  const { scale, offset } = cloud.metadata;
  const shift: Vec3 = [offset[0] - origin[0], offset[1] - origin[1], offset[2] - origin[2]];
  const meets = (node: PotreeNode) => boxMeetsSlab(localBox(node.box, origin), slab);
  const parts: Part[] = [];
  let total = 0;
  let level = [cloud.root].filter(meets);
  while (level.length > 0 && total < query.limit) {
    const decoded = await readPotreeNodes(storage, cloud, level);
    let part = project(decoded, slab, scale, shift, 1);
    if (total + part.count > query.limit) {
      // The level that would pass the limit: a stride over each node keeps it even.
      const stride = Math.ceil(part.count / (query.limit - total));
      part = project(decoded, slab, scale, shift, stride);
      if (total + part.count > query.limit) part = { count: query.limit - total, uv: part.uv.subarray(0, (query.limit - total) * 2), rgb: part.rgb.subarray(0, (query.limit - total) * 3) };
      parts.push(part);
      total += part.count;
      break;
    }
    parts.push(part);
    total += part.count;
    level = level.flatMap((node) => node.children).filter(meets);
  }
  const points = join(parts);
  if (query.view === 'section' && slab.line) {
    const { x0, y0, dx, dy, length } = slab.line;
    const mm = (x: number) => Math.round(x * 1000) / 1000;
    points.section = { x0: mm(x0), y0: mm(y0), x1: mm(x0 + dx * length), y1: mm(y0 + dy * length) };
  }
  return points;
}
