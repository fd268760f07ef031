import 'server-only';
import sharp from 'sharp';
import type { Region } from '@/lib/shared/schemas/blurring';
import { clampBox, type Box } from './tiles';

/*
 * The blurred derivative's regions, worked on the decoded image in place: only each region's
 * bounding box goes through sharp (raw pixels in and out, no PNG round trips), and only the
 * pixels inside the region's shape are written back, so nothing outside a region changes.
 */

const raw = (width: number, height: number) => ({ raw: { width, height, channels: 3 as const } });

/** Which pixels of a row of the box lie inside the region's shape: [from, to) spans in box x. */
function rowSpans(region: Region, box: Box, row: number): [number, number][] {
  if (region.shape === 'rectangle') return [[0, box.width]];
  const y = box.y + row + 0.5;
  if (region.shape === 'ellipse') {
    const rx = region.width / 2;
    const ry = region.height / 2;
    const dy = (y - (region.y + ry)) / ry;
    if (Math.abs(dy) > 1) return [];
    const half = rx * Math.sqrt(1 - dy * dy);
    const cx = region.x + rx;
    return [[Math.max(0, Math.ceil(cx - half - 0.5 - box.x)), Math.min(box.width, Math.floor(cx + half - 0.5 - box.x) + 1)]];
  }
  // A polygon, even-odd: where this row's centre line crosses the edges, paired left to right.
  const points = region.points ?? [];
  const xs: number[] = [];
  points.forEach(([x1, y1], i) => {
    const [x2, y2] = points[(i + 1) % points.length]!;
    if ((y1 <= y && y2 > y) || (y2 <= y && y1 > y)) xs.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
  });
  xs.sort((a, b) => a - b);
  const spans: [number, number][] = [];
  for (let i = 0; i + 1 < xs.length; i += 2) {
    spans.push([Math.max(0, Math.ceil(xs[i]! - 0.5 - box.x)), Math.min(box.width, Math.floor(xs[i + 1]! - 0.5 - box.x) + 1)]);
  }
  return spans;
}

/**
 * One region made unrecognisable: its pixels averaged into blocks of about a twelfth of the
 * region (at least 6 px), then blurred, so no detail of the original survives (irreversible).
 */
async function blurRegion(pixels: Buffer, width: number, height: number, region: Region): Promise<void> {
  const box = clampBox({ x: Math.floor(region.x), y: Math.floor(region.y), width: Math.ceil(region.width) + 1, height: Math.ceil(region.height) + 1 }, width, height);
  if (!box) return;
  const stride = width * 3;
  const patch = Buffer.allocUnsafe(box.width * box.height * 3);
  for (let row = 0; row < box.height; row++) pixels.copy(patch, row * box.width * 3, (box.y + row) * stride + box.x * 3, (box.y + row) * stride + (box.x + box.width) * 3);
  const block = Math.max(6, Math.round(Math.max(box.width, box.height) / 12));
  const small = { width: Math.max(1, Math.round(box.width / block)), height: Math.max(1, Math.round(box.height / block)) };
  const averaged = await sharp(patch, raw(box.width, box.height)).resize(small.width, small.height, { kernel: 'cubic', fit: 'fill' }).raw().toBuffer();
  const blurred = await sharp(averaged, raw(small.width, small.height))
    .resize(box.width, box.height, { kernel: 'nearest', fit: 'fill' })
    .blur(Math.max(1, block / 2))
    .raw()
    .toBuffer();
  for (let row = 0; row < box.height; row++) {
    for (const [from, to] of rowSpans(region, box, row)) {
      if (to > from) blurred.copy(pixels, (box.y + row) * stride + (box.x + from) * 3, (row * box.width + from) * 3, (row * box.width + to) * 3);
    }
  }
}

/** Blurs every region into the upright RGB pixels, in order (a later region sees an earlier one's result). */
export async function blurRegions(pixels: Buffer, width: number, height: number, regions: readonly Region[]): Promise<void> {
  for (const region of regions) await blurRegion(pixels, width, height, region);
}
