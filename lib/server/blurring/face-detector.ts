import 'server-only';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type * as TF from '@tensorflow/tfjs-core';
import { LAYERS, layerRows, panoramaCanvases, toPanorama, type Canvas, type Layer } from './panorama-views';
import { detectSsd, type SsdParams } from './ssd-forward';
import { clampBox, mergeBoxes, tilesOf, unwrap, type ScoredBox, type Tile } from './tiles';

/*
 * Faces with @vladmandic/face-api: SSD MobileNet v1 on the tfjs WASM backend (pure WebAssembly,
 * no native build; TOOLCHAIN.md), its weights from the package. Loaded once per worker process.
 */

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');

export const FACE_DETECTOR = 'face-api ssd-mobilenet-v1';
/** Proposals below this score are not shown: precision over noise (bench: scripts/bench/blurring.ts). */
export const MIN_FACE_SCORE = 0.45;
/** Face boxes are grown by this share on each side so hair line and chin are covered too. */
const MARGIN = 0.12;

let loaded: Promise<FaceApi> | null = null;

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

async function load(): Promise<FaceApi> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS bundle that must share one tfjs with the WASM backend
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = faceapi.tf as unknown as { setWasmPaths(p: string): void; setBackend(b: string): Promise<boolean>; ready(): Promise<void>; getBackend(): string };
  if (tf.getBackend() !== 'wasm') {
    tf.setWasmPaths(join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + '/');
    await tf.setBackend('wasm');
    await tf.ready();
  }
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(join(packageDir('@vladmandic/face-api'), 'model'));
  return faceapi;
}

export function faceApi(): Promise<FaceApi> {
  loaded ??= load().catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

export async function faceDetectorVersion(): Promise<string> {
  const faceapi = await faceApi();
  return `${faceapi.version} (tfjs ${(faceapi.tf as unknown as { version_core: string }).version_core}, wasm)`;
}

/** An upright RGB image, 3 bytes a pixel, rows top to bottom. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Copies a tile out of the image, a row segment at a time; x past the right edge wraps (panoramas). */
function cut(image: RgbImage, tile: Tile): RgbImage {
  const out = Buffer.alloc(tile.width * tile.height * 3);
  const first = Math.min(tile.width, image.width - tile.x);
  for (let row = 0; row < tile.height; row++) {
    const src = (tile.y + row) * image.width * 3;
    const dst = row * tile.width * 3;
    image.data.copy(out, dst, src + tile.x * 3, src + (tile.x + first) * 3);
    if (first < tile.width) image.data.copy(out, dst + first * 3, src, src + (tile.width - first) * 3);
  }
  return { data: out, width: tile.width, height: tile.height };
}

const ssdOptions = (faceapi: FaceApi, minScore: number) => new faceapi.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: 200 });

async function detectIn(faceapi: FaceApi, image: RgbImage, minScore: number): Promise<ScoredBox[]> {
  const tf = faceapi.tf;
  const input = tf.tensor3d(new Int32Array(image.data), [image.height, image.width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input as never, ssdOptions(faceapi, minScore));
    return found.map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score }));
  } finally {
    input.dispose();
  }
}

/** Each layer of the panorama (panorama-views.ts) resized once by sharp, as RGB pixels. */
async function renderLayers(image: RgbImage): Promise<Map<Layer, Buffer>> {
  const raw = { raw: { width: image.width, height: image.height, channels: 3 as const } };
  const rendered = await Promise.all(
    LAYERS.map(async (l) => {
      const rows = layerRows(l, image.height);
      const pixels = await sharp(image.data, raw)
        .extract({ left: 0, top: rows.top, width: image.width, height: rows.height })
        .resize(l.width, l.height, { fit: 'fill', kernel: 'linear' })
        .raw()
        .toBuffer();
      return [l, pixels] as const;
    }),
  );
  return new Map(rendered);
}

/** A byte's value as the network takes it (−1 … 1, face-api's scaling). */
const NORMALISED = Float32Array.from({ length: 256 }, (_, v) => v / 127.5 - 1);

/** A canvas's pixels for the network: its pieces (x wrapping round their layer) copied a row at a time, the rest black. */
function fillCanvas(canvas: Canvas, layers: Map<Layer, Buffer>): Float32Array {
  const out = new Float32Array(canvas.width * canvas.height * 3).fill(-1);
  for (const { layer, x, width, canvasY } of canvas.pieces) {
    const pixels = layers.get(layer)!;
    const rowBytes = layer.width * 3;
    for (let row = 0; row < layer.height; row++) {
      let to = (canvasY + row) * canvas.width * 3;
      // The piece's columns are at most a few runs round the layer: each run is copied byte by byte.
      for (let done = 0; done < width; ) {
        const column = (x + done) % layer.width;
        const run = Math.min(width - done, layer.width - column);
        const from = row * rowBytes + column * 3;
        for (let i = from, end = from + run * 3; i < end; i++) out[to++] = NORMALISED[pixels[i]!]!;
        done += run;
      }
    }
  }
  return out;
}

/**
 * A panorama: two inputs (panorama-views.ts: the band in one strip; the caps and the horizon),
 * each in one pass of the network (ssd-forward.ts); boxes mapped back to panorama pixels.
 */
async function detectPanorama(faceapi: FaceApi, image: RgbImage, minScore: number): Promise<ScoredBox[]> {
  const layers = await renderLayers(image);
  const tf = faceapi.tf as unknown as typeof TF;
  const params = faceapi.nets.ssdMobilenetv1.params as unknown as SsdParams;
  const found: ScoredBox[] = [];
  for (const canvas of panoramaCanvases()) {
    for (const d of await detectSsd(tf, params, fillCanvas(canvas, layers), canvas.width, canvas.height, minScore)) {
      const box = toPanorama(d, canvas, image.width, image.height);
      if (box) found.push(...unwrap({ ...box, score: d.score }, image.width));
    }
  }
  return found;
}

/** The detector sees 512 px anyway: a large image is shrunk first for the whole-image pass (big faces); tiles find the small ones. */
const WHOLE_MAX = 1024;

async function detectWhole(faceapi: FaceApi, image: RgbImage, minScore: number): Promise<ScoredBox[]> {
  const scale = Math.min(1, WHOLE_MAX / Math.max(image.width, image.height));
  if (scale === 1) return detectIn(faceapi, image, minScore);
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(Math.round(image.width * scale), Math.round(image.height * scale))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const boxes = await detectIn(faceapi, { data, width: info.width, height: info.height }, minScore);
  const back = image.width / info.width;
  return boxes.map((b) => ({ ...b, x: b.x * back, y: b.y * back, width: b.width * back, height: b.height * back }));
}

/**
 * Every face in the image: a photo whole, then in overlapping tiles; a panorama in its views
 * (panorama-views.ts: across the seam, coarser near the poles). Boxes mapped back to image
 * pixels, grown by a margin and merged.
 */
export async function detectFaces(image: RgbImage, options: { panorama: boolean; minScore?: number }): Promise<ScoredBox[]> {
  const faceapi = await faceApi();
  const minScore = options.minScore ?? MIN_FACE_SCORE;
  const found: ScoredBox[] = options.panorama ? await detectPanorama(faceapi, image, minScore) : await detectWhole(faceapi, image, minScore);
  for (const tile of options.panorama ? [] : tilesOf(image.width, image.height, false)) {
    for (const box of await detectIn(faceapi, cut(image, tile), minScore)) {
      const mapped = { ...box, x: box.x + tile.x, y: box.y + tile.y };
      found.push(...(tile.wraps ? unwrap(mapped, image.width) : [mapped]));
    }
  }
  return mergeBoxes(found)
    .map((b) => clampBox({ ...b, x: b.x - b.width * MARGIN, y: b.y - b.height * MARGIN, width: b.width * (1 + 2 * MARGIN), height: b.height * (1 + 2 * MARGIN) }, image.width, image.height))
    .filter((b): b is ScoredBox => b !== null);
}
