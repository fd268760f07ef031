/**
 * Blurring (issue 18, Measure): face recall and precision at IoU ≥ 0.3 on the photos of
 * ../shared/data/blurring that have ground-truth boxes (dlib's XML; ARGUS_BENCH_BLURRING to use
 * another folder), seconds per panorama for detection (two inputs, six looks of 512 × 512: lib/server/blurring/panorama-views.ts) and
 * for rendering the blurred derivative, on the equirectangular panoramas of ../shared/data/panoramas
 * (ARGUS_BENCH_PANORAMAS; ARGUS_BENCH_PANORAMA_COUNT limits how many). One process, so the detector
 * uses one core. Goals: recall ≥ 0.95, precision ≥ 0.90, ≤ 2 s detection and ≤ 0.5 s rendering
 * per 4096 × 2048 panorama.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { detectFaces } from '../../lib/server/blurring/face-detector';
import { decodeRgb, readFacts, renderBlurred } from '../../lib/server/blurring/image-io';
import { iou, type Box } from '../../lib/server/blurring/tiles';
import type { Region } from '../../lib/shared/schemas/blurring';
import { root } from '../lib/context';

const IOU = 0.3;
/** A plain 512 × 512 image: one look of the detector. */
const LOOK = { data: Buffer.alloc(512 * 512 * 3, 128), width: 512, height: 512 };

/** dlib's `<image file=…><box top left width height/>…</image>` ground truth, by file name. */
function groundTruth(dir: string): Map<string, Box[]> {
  const truth = new Map<string, Box[]>();
  for (const xml of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
    for (const [, file, body] of readFileSync(join(dir, xml), 'latin1').matchAll(/<image file='([^']+)'[^>]*>([\s\S]*?)<\/image>/g)) {
      const boxes = [...body!.matchAll(/<box top='(\d+)' left='(\d+)' width='(\d+)' height='(\d+)'/g)].map(([, top, left, width, height]) => ({ x: +left!, y: +top!, width: +width!, height: +height! }));
      truth.set(file!, boxes);
    }
  }
  return truth;
}

async function faces(dir: string) {
  const truth = groundTruth(dir);
  let hits = 0;
  let expected = 0;
  let found = 0;
  let correct = 0;
  const perPhoto: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jpg'))) {
    const boxes = truth.get(file.replace(/^faces-dlib-/, ''));
    if (!boxes) continue;
    const bytes = readFileSync(join(dir, file));
    const started = performance.now();
    const detected = await detectFaces(await decodeRgb(bytes), { panorama: false });
    const seconds = (performance.now() - started) / 1000;
    const matched = boxes.filter((b) => detected.some((d) => iou(d, b) >= IOU)).length;
    const good = detected.filter((d) => boxes.some((b) => iou(d, b) >= IOU)).length;
    hits += matched;
    expected += boxes.length;
    found += detected.length;
    correct += good;
    perPhoto[file] = { faces: boxes.length, found: detected.length, matched, seconds: +seconds.toFixed(3) };
  }
  return { recall: +(hits / expected).toFixed(3), precision: +(correct / Math.max(1, found)).toFixed(3), faces: expected, proposals: found, perPhoto };
}

/**
 * Core-seconds (user + system CPU of this process) next to wall-clock seconds: on a machine shared
 * with other work the wall clock measures the others' load too; CPU time is what one core spent.
 */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; cpuSeconds: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function panoramas(dir: string, count: number) {
  const out: Record<string, unknown> = {};
  const detect: number[] = [];
  const render: number[] = [];
  const detectCpu: number[] = [];
  const looks: number[] = [];
  const renderCpu: number[] = [];
  const files = readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort().slice(0, count);
  // A detection worker runs for many images: its first panorama also pays for setting up the
  // network for the two input sizes (a one-off, reported on its own), the others do not.
  const first = readFileSync(join(dir, files[0]!));
  const cold = await timed(async () => detectFaces(await decodeRgb(first), { panorama: (await readFacts(first)).equirectangular }));
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    const facts = await readFacts(bytes);
    // One detector look at 512 × 512 (a photo of that size) just before: the panorama's cost in looks
    // says what the load of a shared machine does not.
    const look = await timed(() => detectFaces(LOOK, { panorama: false }));
    const detection = await timed(async () => detectFaces(await decodeRgb(bytes), { panorama: facts.equirectangular }));
    const found = detection.value;
    const regions: Region[] = found.map((f, i) => ({ id: String(i), shape: 'ellipse', kind: 'face', x: f.x, y: f.y, width: f.width, height: f.height, source: 'detector', confidence: f.score, adjusted: false, createdBy: null, createdAt: '' }));
    const rendering = await timed(() => renderBlurred(bytes, regions));
    detect.push(detection.seconds);
    render.push(rendering.seconds);
    detectCpu.push(detection.cpuSeconds);
    looks.push(detection.cpuSeconds / look.cpuSeconds);
    renderCpu.push(rendering.cpuSeconds);
    out[file] = {
      width: facts.width, height: facts.height, faces: found.length,
      detectSeconds: +detection.seconds.toFixed(2), detectCpuSeconds: +detection.cpuSeconds.toFixed(2),
      oneLookCpuSeconds: +look.cpuSeconds.toFixed(3), detectInLooks: +(detection.cpuSeconds / look.cpuSeconds).toFixed(1),
      renderSeconds: +rendering.seconds.toFixed(2), renderCpuSeconds: +rendering.cpuSeconds.toFixed(2),
    };
  }
  const mean = (v: number[]) => +(v.reduce((a, b) => a + b, 0) / Math.max(1, v.length)).toFixed(2);
  return {
    coldFirstDetectSeconds: +cold.seconds.toFixed(2), coldFirstDetectCpuSeconds: +cold.cpuSeconds.toFixed(2),
    meanDetectSeconds: mean(detect), meanDetectCpuSeconds: mean(detectCpu), meanDetectInLooks: mean(looks), meanRenderSeconds: mean(render), meanRenderCpuSeconds: mean(renderCpu),
    loadAverage: loadavg().map((v) => +v.toFixed(1)), perPanorama: out,
  };
}

export default async function blurringBench(): Promise<Record<string, unknown>> {
  const photos = resolve(root, process.env.ARGUS_BENCH_BLURRING ?? '../shared/data/blurring');
  const panos = resolve(root, process.env.ARGUS_BENCH_PANORAMAS ?? '../shared/data/panoramas');
  if (!existsSync(photos) || !existsSync(panos)) return { skipped: `missing ${existsSync(photos) ? panos : photos}` };
  return { faces: await faces(photos), panoramas: await panoramas(panos, Number(process.env.ARGUS_BENCH_PANORAMA_COUNT ?? 5)) };
}
