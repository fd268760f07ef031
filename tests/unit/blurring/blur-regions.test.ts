/** @jest-environment node */
import { blurRegions } from '@/lib/server/blurring/blur-regions';
import type { Region } from '@/lib/shared/schemas/blurring';

const W = 200;
const H = 160;

/** A stripy test image: every pixel differs from its neighbours, so any averaging shows. */
function stripes(): Buffer {
  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) out.fill((i % W) % 2 === (Math.floor(i / W) % 2) ? 230 : 20, i * 3, i * 3 + 3);
  return out;
}
const px = (b: Buffer, x: number, y: number) => [...b.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
const region = (r: Partial<Region>): Region => ({ id: 'r', shape: 'rectangle', kind: 'face', x: 40, y: 30, width: 100, height: 80, source: 'manual', confidence: null, adjusted: false, createdBy: null, createdAt: '', ...r });

describe('blurring the regions of an image in place', () => {
  it('changes the pixels inside an ellipse and none outside it, not even the corners of its box', async () => {
    const original = stripes();
    const image = Buffer.from(original);
    await blurRegions(image, W, H, [region({ shape: 'ellipse' })]);
    // The centre is averaged: no longer the stark 20 / 230 of the stripes.
    expect(px(image, 90, 70).every((v) => v > 60 && v < 190)).toBe(true);
    for (const [x, y] of [[41, 31], [139, 31], [41, 109], [139, 109], [10, 10], [190, 150]] as const) expect(px(image, x, y)).toEqual(px(original, x, y));
  });

  it('follows a polygon and leaves the rest of its box alone', async () => {
    const original = stripes();
    const image = Buffer.from(original);
    await blurRegions(image, W, H, [region({ shape: 'polygon', points: [[40, 30], [140, 30], [40, 110]] })]);
    expect(px(image, 55, 45).every((v) => v > 60 && v < 190)).toBe(true);
    expect(px(image, 135, 105)).toEqual(px(original, 135, 105));
  });

  it('blurs the whole of a rectangle, clipped to the image', async () => {
    const original = stripes();
    const image = Buffer.from(original);
    await blurRegions(image, W, H, [region({ x: 150, y: 120, width: 100, height: 100 })]);
    expect(px(image, 199, 159).every((v) => v > 60 && v < 190)).toBe(true);
    expect(px(image, 149, 119)).toEqual(px(original, 149, 119));
  });
});
