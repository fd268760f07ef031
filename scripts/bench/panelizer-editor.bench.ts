/**
 * The panelizer editor's frame time (issue 19 "Measure": goal ≤ 16 ms with 50 floors and 2 000
 * openings on the CPU renderer).
 *
 * Method. The editor's own draw functions (components/panelizer/render) are bundled with esbuild
 * and run in Chromium with the GPU off (`--disable-gpu`: Canvas 2D is drawn by Skia on the CPU),
 * in a 1600 × 900 canvas: the section with 51 floor lines, one floor's plan (an outline of 200
 * corners, 9 balconies of 50, the floor below faint, a draft), and a facade with all 50 storeys and 2 000 openings, each over the point image
 * of 400 000 points (rasterised once, timed apart). Each frame is cleared and redrawn with the
 * camera moving; a one-pixel read forces the drawing to finish inside the timed frame. The page
 * needs no app stack, so the figure is the renderer's alone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { root } from '../lib/context';
import { percentile } from './stats';

const FRAMES = 120;

export default async function bench(): Promise<Record<string, unknown>> {
  const bundle = await build({
    entryPoints: [join(root, 'scripts', 'bench', 'lib', 'panelizer-frame.entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    tsconfig: join(root, 'tsconfig.json'),
  });
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.setContent('<!doctype html><body style="margin:0"></body>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const figures = await page.evaluate(
      (frames) =>
        (window as unknown as { panelizerFrameBench: (o: object) => { rasterizeMs: number; frames: Record<string, number[]> } }).panelizerFrameBench({
          floors: 50,
          openings: 2000,
          points: 400_000,
          frames,
          width: 1600,
          height: 900,
        }),
      FRAMES,
    );
    const views = Object.fromEntries(
      Object.entries(figures.frames).map(([name, samples]) => {
        const warm = samples.slice(10);
        return [name, { medianMs: percentile(warm, 50), p95Ms: percentile(warm, 95), maxMs: percentile(warm, 100) }];
      }),
    );
    return { floors: 50, openings: 2000, points: 400_000, canvas: '1600x900', frames: FRAMES, rasterizeOnceMs: Math.round(figures.rasterizeMs), views, goalMs: 16 };
  } finally {
    await browser.close();
  }
}
