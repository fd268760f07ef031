/*
 * Where the face detector looks in an equirectangular panorama (pure geometry, unit-tested).
 *
 * SSD MobileNet v1 is convolutional: its cost is proportional to the pixels it is given, whatever
 * their shape (ssd-forward.ts runs it on inputs of any size). So the panorama becomes as few
 * detector pixels as keep a face at head height large enough to be found (≥ 20 px at the
 * detector, bench: scripts/bench/blurring.bench.ts), in two inputs:
 *
 *  - the band of ±45° around the horizon, where people are, at 2048 px per 360° (a face of 40 px
 *    in a 4096 px panorama becomes 20 px), as one strip 2176 px wide: the first 128 columns come
 *    again after the last, so a face on the 360° seam is whole at the strip's right end;
 *  - the two caps (38°–90° up and down), coarser (≈ 1/3 of the panorama's scale), squeezed
 *    sideways twice as much, because equirectangular rows there are stretched by 1 / cos(latitude):
 *    a face at 55° keeps its shape and stays upright (a cube face would turn it). They overlap the
 *    band by 7°, so a face on the boundary is whole in one of them. Below them the horizon
 *    (± 39°) once more at 512 px per 360°, for a face too large for the band.
 *
 * An input is a "canvas" of pieces stacked from the top, each a run of one layer's columns (x
 * wrapping round the layer). 2176 × 512 + 896 × 512 pixels are six looks of 512 × 512, where seven
 * overlapping 512 × 512 windows were needed before. A box the detector finds is mapped back
 * through the piece under its centre to panorama pixels.
 */

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

/** Columns x … x + width of a layer (past its right edge they wrap), at rows canvasY … of a canvas. */
export interface Piece {
  layer: Layer;
  x: number;
  width: number;
  canvasY: number;
}

/** One input of the detector: pieces stacked from the top, the rest of it empty. */
export interface Canvas {
  width: number;
  height: number;
  pieces: Piece[];
}

const layer = (name: Layer['name']) => LAYERS.find((l) => l.name === name)!;

/** A whole layer and then its first `wrap` columns again, so that nothing is cut by the seam. */
const round = (name: Layer['name'], wrap: number, canvasY: number): Piece => ({ layer: layer(name), x: 0, width: layer(name).width + wrap, canvasY });

/** The detector's inputs for one panorama: the band; the caps with the horizon below them. */
export function panoramaCanvases(): Canvas[] {
  const caps = [round('top', 128, 0), round('bottom', 128, 200), round('horizon', 64, 400)];
  return [
    { width: 2048 + 128, height: 512, pieces: [round('band', 128, 0)] },
    { width: Math.max(...caps.map((p) => p.width)), height: 512, pieces: caps },
  ];
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
 * when the centre is on no piece (the empty part of a canvas).
 */
export function toPanorama(box: PanoramaBox, canvas: Canvas, panoramaWidth: number, panoramaHeight: number): PanoramaBox | null {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const piece = canvas.pieces.find((p) => cy >= p.canvasY && cy < p.canvasY + p.layer.height && cx < p.width);
  if (!piece) return null;
  const { layer: l } = piece;
  const x0 = Math.max(0, box.x);
  const x1 = Math.min(piece.width, box.x + box.width);
  const y0 = Math.max(piece.canvasY, box.y);
  const y1 = Math.min(piece.canvasY + l.height, box.y + box.height);
  if (x1 <= x0 || y1 <= y0) return null;
  const sx = panoramaWidth / l.width;
  const sy = ((l.bottom - l.top) * panoramaHeight) / l.height;
  let x = (piece.x + x0) * sx;
  while (x >= panoramaWidth) x -= panoramaWidth;
  return { x, y: l.top * panoramaHeight + (y0 - piece.canvasY) * sy, width: (x1 - x0) * sx, height: (y1 - y0) * sy };
}

/** The rows of a layer in panorama pixels, rounded to whole rows. */
export function layerRows(l: Layer, panoramaHeight: number): { top: number; height: number } {
  const top = Math.round(l.top * panoramaHeight);
  return { top, height: Math.round(l.bottom * panoramaHeight) - top };
}
