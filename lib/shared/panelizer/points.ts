import { z } from 'zod';

/**
 * The point sets the panelizer draws on, cut from the project's point cloud by the server
 * (`GET /api/v2/panelizer-projects/{id}/points?…`) in the document's local frame (see
 * document.ts). Each is a 2D projection:
 *
 * - `section`: a vertical slab through the building for step 1 (floor lines). The slab is the
 *   plane through local (x0, y0)–(x1, y1), `depth` metres thick; u runs along it from (x0, y0),
 *   v is z. With no line given the server runs it across the building through a column of
 *   windows, where the storeys show (lib/server/panelizer/points/default-section.ts); without a
 *   building outline in the cloud, along its longer horizontal axis through its centre.
 * - `plan`: a horizontal slab from `zMin` to `zMax` for step 2 (a floor's plan, narrow or full);
 *   u is x, v is y.
 * - `elevation`: the points within `depth` metres of the wall plane through (x0, y0)–(x1, y1),
 *   from `zMin` to `zMax`, projected onto that plane for step 3; u runs along the edge from
 *   (x0, y0) (0 … edge length), v is z.
 *
 * The server thins to at most `limit` points, evenly over the area (the octree's levels), so a
 * view stays light whatever the cloud's size.
 */

export const PANELIZER_POINT_VIEWS = ['section', 'plan', 'elevation'] as const;
export type PanelizerPointView = (typeof PANELIZER_POINT_VIEWS)[number];
export const PANELIZER_POINTS_DEFAULT_LIMIT = 400_000;
export const PANELIZER_POINTS_MAX_LIMIT = 2_000_000;

const metres = z.coerce.number().finite().min(-100_000).max(100_000);
const thickness = z.coerce.number().finite().positive().max(1000);

export const panelizerPointsQuerySchema = z.discriminatedUnion('view', [
  z.strictObject({
    view: z.literal('section'),
    x0: metres.optional(),
    y0: metres.optional(),
    x1: metres.optional(),
    y1: metres.optional(),
    depth: thickness.default(1),
    limit: z.coerce.number().int().min(1000).max(PANELIZER_POINTS_MAX_LIMIT).default(PANELIZER_POINTS_DEFAULT_LIMIT),
  }),
  z.strictObject({
    view: z.literal('plan'),
    zMin: metres,
    zMax: metres,
    limit: z.coerce.number().int().min(1000).max(PANELIZER_POINTS_MAX_LIMIT).default(PANELIZER_POINTS_DEFAULT_LIMIT),
  }),
  z.strictObject({
    view: z.literal('elevation'),
    x0: metres,
    y0: metres,
    x1: metres,
    y1: metres,
    zMin: metres,
    zMax: metres,
    depth: thickness.default(0.5),
    limit: z.coerce.number().int().min(1000).max(PANELIZER_POINTS_MAX_LIMIT).default(PANELIZER_POINTS_DEFAULT_LIMIT),
  }),
]);
export type PanelizerPointsQuery = z.infer<typeof panelizerPointsQuerySchema>;

/** Where a section runs in the local frame: u goes from (x0, y0) towards (x1, y1). */
export interface SectionLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A section's answer names the line it was cut along in this header (`x0,y0,x1,y1`): the
 * server picks the line when the query gives none, and the editor shows it on the plan.
 */
export const SECTION_LINE_HEADER = 'x-panelizer-section';
export const formatSectionLine = (line: SectionLine) => [line.x0, line.y0, line.x1, line.y1].join(',');
export function parseSectionLine(value: string | null): SectionLine | null {
  const parts = value?.split(',').map(Number) ?? [];
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return null;
  const [x0, y0, x1, y1] = parts as [number, number, number, number];
  return { x0, y0, x1, y1 };
}

/** A projected point set: u and v per point (metres), and its colour (0–255 RGB). */
export interface PanelizerPoints {
  /** A section's line (not in the wire format's body: SECTION_LINE_HEADER). */
  section?: SectionLine;
  count: number;
  /** u0, v0, u1, v1, … */
  uv: Float32Array;
  /** r0, g0, b0, r1, … */
  rgb: Uint8Array;
  /** The extent of u and v over the returned points (all 0 when there are none). */
  bounds: { uMin: number; uMax: number; vMin: number; vMax: number };
}

/**
 * The wire format (`application/octet-stream`), little-endian: a 24-byte header of uint32
 * `count`, uint32 reserved (0), then float32 uMin, uMax, vMin, vMax; then `count` × 2 float32
 * (u, v); then `count` × 3 uint8 (r, g, b).
 */
export const PANELIZER_POINTS_HEADER_BYTES = 24;

export function encodePanelizerPoints(points: PanelizerPoints): Uint8Array {
  const { count } = points;
  const bytes = new Uint8Array(PANELIZER_POINTS_HEADER_BYTES + count * 8 + count * 3);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, count, true);
  view.setUint32(4, 0, true);
  const { uMin, uMax, vMin, vMax } = points.bounds;
  [uMin, uMax, vMin, vMax].forEach((value, i) => view.setFloat32(8 + i * 4, value, true));
  for (let i = 0; i < count * 2; i++) view.setFloat32(PANELIZER_POINTS_HEADER_BYTES + i * 4, points.uv[i]!, true);
  bytes.set(points.rgb.subarray(0, count * 3), PANELIZER_POINTS_HEADER_BYTES + count * 8);
  return bytes;
}

export function decodePanelizerPoints(buffer: ArrayBuffer): PanelizerPoints {
  const view = new DataView(buffer);
  if (buffer.byteLength < PANELIZER_POINTS_HEADER_BYTES) throw new RangeError('panelizer points: short header');
  const count = view.getUint32(0, true);
  if (buffer.byteLength !== PANELIZER_POINTS_HEADER_BYTES + count * 11) throw new RangeError('panelizer points: length does not match count');
  const bounds = { uMin: view.getFloat32(8, true), uMax: view.getFloat32(12, true), vMin: view.getFloat32(16, true), vMax: view.getFloat32(20, true) };
  const uv = new Float32Array(count * 2);
  for (let i = 0; i < count * 2; i++) uv[i] = view.getFloat32(PANELIZER_POINTS_HEADER_BYTES + i * 4, true);
  const rgb = new Uint8Array(buffer, PANELIZER_POINTS_HEADER_BYTES + count * 8, count * 3).slice();
  return { count, uv, rgb, bounds };
}
