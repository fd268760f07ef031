/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { detectFaces } from '@/lib/server/blurring/face-detector';
import type { ScoredBox } from '@/lib/server/blurring/tiles';

/*
 * The real detector (face-api on the tfjs WASM backend) on a 4096 × 2048 panorama made from the
 * committed portrait (two faces of about 70 × 100 px): once cut by the 360° seam, once at 55° up
 * and once at 55° down, where equirectangular rows are stretched sideways by 1 / cos(55°).
 */

const W = 4096;
const H = 2048;
const PORTRAIT = readFileSync(join(process.cwd(), 'tests/fixtures/blurring/two-people.jpg'));
// The portrait's faces (tests/integration/blurring/blurring-world.ts).
const FACES = [
  { x: 394, y: 18, width: 70, height: 104 },
  { x: 117, y: 9, width: 72, height: 97 },
];
const STRETCH = 1 / Math.cos((55 * Math.PI) / 180);

/** How much of a face (x wrapping at the seam) the boxes cover, sampled on a 10 × 10 grid. */
function coverage(face: { x: number; y: number; width: number; height: number }, boxes: ScoredBox[]): number {
  let inside = 0;
  for (let i = 0; i < 10; i++) {
    for (let j = 0; j < 10; j++) {
      const x = (face.x + ((i + 0.5) * face.width) / 10) % W;
      const y = face.y + ((j + 0.5) * face.height) / 10;
      if (boxes.some((b) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height)) inside++;
    }
  }
  return inside / 100;
}

async function panorama() {
  const stretched = await sharp(PORTRAIT).resize(Math.round(560 * STRETCH), 329, { fit: 'fill' }).toBuffer();
  // The right-hand face's centre sits on the seam: the portrait starts 429 px before it.
  const seamLeft = W - 429;
  const left = await sharp(PORTRAIT).extract({ left: 0, top: 0, width: 429, height: 329 }).toBuffer();
  const right = await sharp(PORTRAIT).extract({ left: 429, top: 0, width: 560 - 429, height: 329 }).toBuffer();
  const up = Math.round(((90 - 55) / 180) * H) - 165;
  const down = Math.round(((90 + 55) / 180) * H) - 165;
  const image = await sharp({ create: { width: W, height: H, channels: 3, background: '#8a8f94' } })
    .composite([
      { input: left, left: seamLeft, top: 860 },
      { input: right, left: 0, top: 860 },
      { input: stretched, left: 1200, top: up },
      { input: stretched, left: 2600, top: down },
    ])
    // Compositing adds an alpha channel; the detector takes RGB.
    .removeAlpha()
    .raw()
    .toBuffer();
  const at = (left: number, top: number, stretch: number) => FACES.map((f) => ({ x: left + f.x * stretch, y: top + f.y, width: f.width * stretch, height: f.height }));
  return { image: { data: image, width: W, height: H }, seam: at(seamLeft, 860, 1), up: at(1200, up, STRETCH), down: at(2600, down, STRETCH) };
}

describe('faces in a panorama', () => {
  jest.setTimeout(120_000);

  it('are found across the seam and near both poles, in panorama pixels', async () => {
    const { image, seam, up, down } = await panorama();
    const found = await detectFaces(image, { panorama: true });
    for (const face of [...seam, ...up, ...down]) expect(coverage(face, found)).toBeGreaterThanOrEqual(0.8);
    // The face on the seam comes back as its two parts, one at each edge.
    expect(found.some((b) => b.x + b.width >= W - 1 && b.y < seam[0]!.y + 50)).toBe(true);
    expect(found.some((b) => b.x <= 1 && b.y < seam[0]!.y + 50)).toBe(true);
    // Nothing else: six faces, the one on the seam in two parts.
    expect(found).toHaveLength(6 + 1);
  });
});
