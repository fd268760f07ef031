/*
 * Where the face detector looks in an equirectangular panorama (pure geometry, unit-tested).
 *
 * SSD MobileNet v1 always sees 512 × 512 pixels, and each look costs the same (≈ 0.2 s on one
 * core), so the panorama is cut into as few 512 × 512 inputs as keep a face at head height large
 * enough to be found (≥ 20 px at the detector, bench: scripts/bench/blurring.bench.ts):
 *
 *  - the band of ±45° around the horizon, where people are, at 2048 px per 360° (a face of 40 px
 *    in a 4096 px panorama becomes 20 px), in five overlapping windows that run across the seam;
 *  - the two caps (38°–90° up and down), coarser (≈ 1/3 of the panorama's scale), squeezed
 *    sideways twice as much, because equirectangular rows there are stretched by 1 / cos(latitude):
 *    a face at 55° keeps its shape and stays upright (a cube face would turn it). They overlap the
 *    band by 7°, so a face on the boundary is whole in one of them;
 *  - the horizon (± 39°) once more at 512 px per 360°, for a face too large for a window, in the
 *    rows the first cap leaves free.
 *
 * Every input is a "canvas" of 512 × 512 made of one or more windows ("pieces") stacked: seven
 * looks in all. A box the detector finds is mapped back through the piece under its centre to
 * panorama pixels.
 */

export const DETECTOR_INPUT = 512;

/** A rendition of rows [top, bottom) (fractions of the panorama's height) at a fixed size. */
export interface Layer {
  name: 'band' | 'top' | 'bottom' | 'horizon';
  top: number;
  bottom: number;
  width: number;
  height: number;
}

export const LAYERS: readonly Layer[] = [
  { name: 'band', top: 0.25, bottom: 0.75, width: 2048, height: 512 },
  { name: 'top', top: 0, bottom: 52 / 180, width: 768, height: 200 },
  { name: 'bottom', top: 128 / 180, bottom: 1, width: 768, height: 200 },
  // 512 px per 360° both ways: 112 rows are 78.75°, the horizon ± 39.4° (the caps begin at 38°).
  { name: 'horizon', top: 0.5 - 39.375 / 180, bottom: 0.5 + 39.375 / 180, width: 512, height: 112 },
];

/** A window of a layer, DETECTOR_INPUT wide (x wraps around the layer's width), placed on a canvas at `canvasY`. */
export interface Piece {
  layer: Layer;
  x: number;
  canvasY: number;
}

/** Window starts spread evenly round a layer (the last wraps to the first). */
function windows(layer: Layer, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.round((i * layer.width) / count));
}

const layer = (name: Layer['name']) => LAYERS.find((l) => l.name === name)!;

/** The detector's inputs for one panorama: five band windows, then each cap (two windows), the first with the horizon below. */
export function panoramaCanvases(): Piece[][] {
  const band = windows(layer('band'), 5).map((x) => [{ layer: layer('band'), x, canvasY: 0 }]);
  const cap = (name: 'top' | 'bottom'): Piece[] => {
    const [a, b] = windows(layer(name), 2);
    return [{ layer: layer(name), x: a!, canvasY: 0 }, { layer: layer(name), x: b!, canvasY: layer(name).height }];
  };
  return [...band, [...cap('top'), { layer: layer('horizon'), x: 0, canvasY: 2 * layer('top').height }], cap('bottom')];
}

export interface PanoramaBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A box found on a canvas, in panorama pixels (x may run past the right edge: unwrap() splits it
 * at the seam). The piece under the box's centre owns it; the box is clipped to that piece. Null
 * when the centre is on no piece (the empty rows of a canvas).
 */
export function toPanorama(box: PanoramaBox, canvas: readonly Piece[], panoramaWidth: number, panoramaHeight: number): PanoramaBox | null {
  const cy = box.y + box.height / 2;
  const piece = canvas.find((p) => cy >= p.canvasY && cy < p.canvasY + p.layer.height);
  if (!piece) return null;
  const { layer: l } = piece;
  const x0 = Math.max(0, box.x);
  const x1 = Math.min(Math.min(DETECTOR_INPUT, l.width), box.x + box.width);
  const y0 = Math.max(piece.canvasY, box.y);
  const y1 = Math.min(piece.canvasY + l.height, box.y + box.height);
  if (x1 <= x0 || y1 <= y0) return null;
  const sx = panoramaWidth / l.width;
  const sy = ((l.bottom - l.top) * panoramaHeight) / l.height;
  let x = (piece.x + x0) * sx;
  if (x >= panoramaWidth) x -= panoramaWidth;
  return { x, y: l.top * panoramaHeight + (y0 - piece.canvasY) * sy, width: (x1 - x0) * sx, height: (y1 - y0) * sy };
}

/** The rows of a layer in panorama pixels, rounded to whole rows. */
export function layerRows(l: Layer, panoramaHeight: number): { top: number; height: number } {
  const top = Math.round(l.top * panoramaHeight);
  return { top, height: Math.round(l.bottom * panoramaHeight) - top };
}
