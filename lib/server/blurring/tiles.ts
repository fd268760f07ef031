/*
 * Where the face detector looks in a photo, and the boxes' arithmetic (pure geometry, unit-tested):
 * SSD MobileNet v1 sees its input at 512×512, so a small face vanishes when a large photo is
 * shrunk. A photo is searched whole and in overlapping tiles of about the detector's own size
 * (tiles can also run across a 360° seam, x wrapping). Panoramas have their own views:
 * panorama-views.ts.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScoredBox extends Box {
  score: number;
}

export interface Tile extends Box {
  /** For a panorama: the tile continues past the right edge at x = 0. */
  wraps: boolean;
}

export const TILE_SIZE = 640;
export const TILE_OVERLAP = 0.25;

/** Tiles covering the image with overlap; none when the image is small enough to be searched whole. */
export function tilesOf(width: number, height: number, panorama: boolean, size = TILE_SIZE, overlap = TILE_OVERLAP): Tile[] {
  if (width <= size * 1.25 && height <= size * 1.25) return [];
  const step = Math.max(1, Math.round(size * (1 - overlap)));
  const tileW = Math.min(size, width);
  const tileH = Math.min(size, height);
  const ys = starts(height, tileH, step);
  // A panorama's last column of tiles may start anywhere: it wraps to the left edge.
  const xs = panorama ? range(0, width, step) : starts(width, tileW, step);
  return ys.flatMap((y) => xs.map((x) => ({ x, y, width: tileW, height: tileH, wraps: panorama && x + tileW > width })));
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v < to; v += step) out.push(v);
  return out;
}

/** Starts so the last tile ends exactly at the edge. */
function starts(length: number, tile: number, step: number): number[] {
  if (tile >= length) return [0];
  const out = range(0, length - tile, step);
  out.push(length - tile);
  return out;
}

export function iou(a: Box, b: Box): number {
  const inter = intersection(a, b);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

function intersection(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Non-maximum suppression across tiles: a box overlapping a better one (IoU ≥ threshold, or
 * mostly inside it, as when a tile edge cut a face) is dropped.
 */
export function mergeBoxes(boxes: readonly ScoredBox[], threshold = 0.3): ScoredBox[] {
  const sorted = [...boxes].sort((a, b) => b.score - a.score);
  const kept: ScoredBox[] = [];
  for (const box of sorted) {
    const covered = kept.some((k) => iou(k, box) >= threshold || intersection(k, box) >= 0.6 * box.width * box.height);
    if (!covered) kept.push(box);
  }
  return kept;
}

/** A box found in a panorama's extended (wrapped) strip, split at the seam into the parts inside the image. */
export function unwrap(box: ScoredBox, width: number): ScoredBox[] {
  const x = ((box.x % width) + width) % width;
  if (x + box.width <= width) return [{ ...box, x }];
  return [
    { ...box, x, width: width - x },
    { ...box, x: 0, width: x + box.width - width },
  ];
}

/** Clamps a box to the image; null when nothing is left. */
export function clampBox<B extends Box>(box: B, width: number, height: number): B | null {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const right = Math.min(width, box.x + box.width);
  const bottom = Math.min(height, box.y + box.height);
  if (right - x < 1 || bottom - y < 1) return null;
  return { ...box, x, y, width: right - x, height: bottom - y };
}
