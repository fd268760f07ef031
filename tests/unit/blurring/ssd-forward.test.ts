/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type * as TF from '@tensorflow/tfjs-core';
import { faceApi } from '@/lib/server/blurring/face-detector';
import { detectSsd, type SsdParams } from '@/lib/server/blurring/ssd-forward';

/*
 * Our pass of face-api's network (any input size, batch norm folded, anchors laid out per grid)
 * finds, on face-api's own 512 × 512 input, the faces face-api finds, where it finds them; and on
 * a wider input the same faces, wherever they stand in it.
 */

const PORTRAIT = readFileSync(join(process.cwd(), 'tests/fixtures/blurring/two-people.jpg'));

async function rgb(width: number, height: number, left: number) {
  const portrait = await sharp(PORTRAIT).resize(480).toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#8a8f94' } })
    .composite([{ input: portrait, left, top: 60 }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

const scaled = (bytes: Buffer) => Float32Array.from(bytes, (v) => v / 127.5 - 1);

describe('the SSD pass on inputs of any size', () => {
  jest.setTimeout(120_000);

  it("finds face-api's faces on a 512 × 512 input", async () => {
    const faceapi = await faceApi();
    const bytes = await rgb(512, 512, 16);
    const input = faceapi.tf.tensor3d(new Int32Array(bytes), [512, 512, 3], 'int32');
    const theirs = await faceapi.detectAllFaces(input as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.3, maxResults: 200 }));
    input.dispose();
    const ours = await detectSsd(faceapi.tf as unknown as typeof TF, faceapi.nets.ssdMobilenetv1.params as unknown as SsdParams, scaled(bytes), 512, 512, 0.3);
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    expect(ours).toHaveLength(theirs.length);
    for (const [i, d] of theirs.entries()) {
      const o = ours[i]!;
      expect(o.score).toBeCloseTo(d.score, 3);
      for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(o[k] - d.box[k])).toBeLessThan(0.5);
    }
  });

  it('finds the same faces in a wider input, shifted with the portrait', async () => {
    const faceapi = await faceApi();
    const run = async (width: number, left: number) =>
      detectSsd(faceapi.tf as unknown as typeof TF, faceapi.nets.ssdMobilenetv1.params as unknown as SsdParams, scaled(await rgb(width, 512, left)), width, 512, 0.3);
    const square = await run(512, 16);
    const wide = await run(1536, 16 + 768);
    expect(square.length).toBeGreaterThanOrEqual(2);
    expect(wide).toHaveLength(square.length);
    const byX = (a: { x: number }, b: { x: number }) => a.x - b.x;
    for (const [i, s] of square.sort(byX).entries()) {
      const w = wide.sort(byX)[i]!;
      expect(Math.abs(w.x - 768 - s.x)).toBeLessThan(4);
      expect(Math.abs(w.y - s.y)).toBeLessThan(4);
      expect(Math.abs(w.width - s.width)).toBeLessThan(6);
    }
  });
});
