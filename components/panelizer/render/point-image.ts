import type { PanelizerPoints } from '@/lib/shared/panelizer/points';
import type { ViewTransform } from './view-transform';

/** The longest side of a point image: sharp enough at the zoom a facade is drawn at, light to redraw. */
export const POINT_IMAGE_MAX_PIXELS = 2048;
/** Points per pixel at which a pixel is fully opaque: sparse areas fade, walls stand out. */
const OPAQUE_AT = 3;

/**
 * A point set rasterised once into a bitmap: per pixel the mean colour of its points, opacity by
 * how many fell in (a density image). Each frame then draws this one image under the vectors
 * instead of hundreds of thousands of points, which keeps a frame within 16 ms on the CPU.
 */
export interface PointImage {
  canvas: HTMLCanvasElement;
  uMin: number;
  vMax: number;
  /** Metres per pixel. */
  pixel: number;
}

export function rasterizePoints(points: PanelizerPoints, createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas')): PointImage | null {
  const { count, uv, rgb, bounds } = points;
  if (count === 0) return null;
  const spanU = Math.max(bounds.uMax - bounds.uMin, 1e-3);
  const spanV = Math.max(bounds.vMax - bounds.vMin, 1e-3);
  // A 1 cm pixel at most: finer says nothing a scan's noise would back.
  const pixel = Math.max(0.01, Math.max(spanU, spanV) / POINT_IMAGE_MAX_PIXELS);
  const width = Math.ceil(spanU / pixel) + 1;
  const height = Math.ceil(spanV / pixel) + 1;
  const sums = new Uint32Array(width * height * 4);
  for (let i = 0; i < count; i++) {
    const x = Math.floor((uv[2 * i]! - bounds.uMin) / pixel);
    const y = Math.floor((bounds.vMax - uv[2 * i + 1]!) / pixel);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const at = (y * width + x) * 4;
    sums[at] = sums[at]! + rgb[3 * i]!;
    sums[at + 1] = sums[at + 1]! + rgb[3 * i + 1]!;
    sums[at + 2] = sums[at + 2]! + rgb[3 * i + 2]!;
    sums[at + 3] = sums[at + 3]! + 1;
  }
  const canvas = createCanvas();
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const image = context.createImageData(width, height);
  for (let p = 0; p < width * height; p++) {
    const n = sums[p * 4 + 3]!;
    if (n === 0) continue;
    image.data[p * 4] = sums[p * 4]! / n;
    image.data[p * 4 + 1] = sums[p * 4 + 1]! / n;
    image.data[p * 4 + 2] = sums[p * 4 + 2]! / n;
    image.data[p * 4 + 3] = Math.min(255, 90 + (165 * n) / OPAQUE_AT);
  }
  context.putImageData(image, 0, 0);
  return { canvas, uMin: bounds.uMin, vMax: bounds.vMax, pixel };
}

export function drawPointImage(context: CanvasRenderingContext2D, image: PointImage, t: ViewTransform): void {
  const k = image.pixel * t.scale;
  context.save();
  // Pixels stay crisp when zoomed in: a blurred scan hides the edges one snaps to.
  context.imageSmoothingEnabled = k < 1;
  context.drawImage(image.canvas, t.ox + image.uMin * t.scale, t.oy - image.vMax * t.scale, image.canvas.width * k, image.canvas.height * k);
  context.restore();
}
