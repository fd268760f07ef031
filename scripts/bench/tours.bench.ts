/**
 * Tours (issue 17, Measure): seconds per 4096 × 2048 panorama to cut the preview and every tile
 * level for the tiled equirectangular adapter, on one core (sharp's thread pool set to 1), over
 * the panoramas of ../shared/data/panoramas (ARGUS_BENCH_PANORAMAS; a generated noise panorama
 * when the folder is missing). Goal: ≤ 0.5 s per panorama. Also the bytes a viewer fetches
 * before the first panorama is drawn (the preview) and in all (every tile). Then, in Chromium
 * against the running stack, the time from navigation to the first panorama drawn (goal ≤ 1.5 s)
 * and the bytes fetched before it (scripts/bench/lib/tour-first-panorama.ts; like viewer.bench.ts,
 * run it on its own: `flock /tmp/argus-e2e.lock npm run bench tours`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { cutPanorama } from '../../lib/server/tours/tiles';
import { root } from '../lib/context';
import { tourFirstPanorama } from './lib/tour-first-panorama';

async function noisePanorama(): Promise<Buffer> {
  const width = 4096;
  const height = 2048;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

export default async function toursBench(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const dir = resolve(root, process.env.ARGUS_BENCH_PANORAMAS ?? '../shared/data/panoramas');
  const inputs = existsSync(dir)
    ? readdirSync(dir).filter((f) => /\.jpe?g$/i.test(f)).sort().map((f) => ({ name: f, bytes: readFileSync(join(dir, f)) }))
    : [{ name: 'generated-noise.jpg', bytes: await noisePanorama() }];
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  const perPanorama: Record<string, unknown> = {};
  const seconds: number[] = [];
  try {
    // One warm-up cut: the first call loads libvips' JPEG codec.
    await cutPanorama(inputs[0]!.bytes);
    for (const { name, bytes } of inputs) {
      const started = performance.now();
      const cut = await cutPanorama(bytes);
      const took = (performance.now() - started) / 1000;
      seconds.push(took);
      const tileBytes = [...cut.tiles.values()].reduce((a, b) => a + b.length, 0);
      perPanorama[name] = { seconds: +took.toFixed(3), levels: cut.levels.map((l) => l.width), tiles: cut.tiles.size, previewBytes: cut.preview.length, tileBytes };
    }
  } finally {
    sharp.concurrency(threads);
  }
  const mean = seconds.reduce((a, b) => a + b, 0) / Math.max(1, seconds.length);
  const viewer = await tourFirstPanorama(ctx.databaseUrl);
  return { meanSecondsPerPanorama: +mean.toFixed(3), maxSecondsPerPanorama: +Math.max(...seconds).toFixed(3), goalSeconds: 0.5, threads: 1, perPanorama, viewer };
}
