import type { Point3 } from '../measurements/maths';
import type { LengthUnit } from './units';

/**
 * Slices and clip boxes as boxes in the cloud (issue 16 tools): a centre, the box's size along its
 * own axes and a turn about the vertical. A clip box is its `size`; a slice is a slab whose thin
 * axis is `width` — the box's depth (local y) when the slab stands upright, its height when it
 * lies flat (a floor plan cut) — while `size` keeps the slab's extent along the other two axes.
 */
export type Size3 = [number, number, number];
export type SliceAxis = 'vertical' | 'horizontal';

export type Coordinates = [number, number, number];

export type ClipBoxData = {
  centre: Coordinates;
  size: Size3;
  rotation: number;
  show: 'all' | 'clipped';
};

export type SliceData = {
  centre: Coordinates;
  size: Size3;
  rotation: number;
  width: number;
  axis: SliceAxis;
};

/** The box a slice clips: its size with the thin axis replaced by the width. */
export function slabSize(slice: Pick<SliceData, 'size' | 'width' | 'axis'>): Size3 {
  const [x, y, z] = slice.size;
  return slice.axis === 'horizontal' ? [x, y, slice.width] : [x, slice.width, z];
}

/** The two sides of a slice's picture (cloud units): length × height upright, length × depth flat. */
export function sliceExtent(slice: Pick<SliceData, 'size' | 'axis'>): { width: number; height: number } {
  const [x, y, z] = slice.size;
  return { width: x, height: slice.axis === 'horizontal' ? y : z };
}

/** Metres per unit of each CRS length unit (the US survey foot is 1200/3937 m exactly). */
export const METRES_PER_UNIT: Record<LengthUnit, number> = { m: 1, ft: 0.3048, 'us-ft': 1200 / 3937 };

/** The scales a slice view is exported at (1:n), and the print resolutions offered. */
export const SLICE_SCALES = [20, 50, 100, 200, 500] as const;
export const SLICE_DPIS = [72, 150, 300] as const;
/** The largest side of an exported slice view: what WebGL canvases reliably render in one piece. */
export const SLICE_MAX_PIXELS = 8192;

/**
 * The picture's size in pixels for a slice at 1:scale printed at dpi: a metre of the building is
 * 1/scale metres on paper, that is dpi / 0.0254 / scale pixels. At least one pixel each way.
 */
export function slicePixels(slice: Pick<SliceData, 'size' | 'axis'>, unit: LengthUnit, scale: number, dpi: number): { width: number; height: number } {
  const perUnit = (METRES_PER_UNIT[unit] * dpi) / 0.0254 / scale;
  const extent = sliceExtent(slice);
  return { width: Math.max(1, Math.round(extent.width * perUnit)), height: Math.max(1, Math.round(extent.height * perUnit)) };
}

/** Corners of a box (cloud coordinates), e.g. to frame it: centre ± half size, turned about the vertical. */
export function boxCorners(centre: Point3, size: Size3, rotation: number): Point3[] {
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const corners: Point3[] = [];
  for (const dx of [-0.5, 0.5])
    for (const dy of [-0.5, 0.5])
      for (const dz of [-0.5, 0.5]) {
        const x = dx * size[0];
        const y = dy * size[1];
        corners.push([centre[0] + x * c - y * s, centre[1] + x * s + y * c, centre[2] + dz * size[2]]);
      }
  return corners;
}
