import 'server-only';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Region } from '@/lib/shared/schemas/blurring';
import { readPose, type ImagePose } from '../tours/image-pose';
import { clampBox } from './tiles';
import type { RgbImage } from './face-detector';

/**
 * The largest image accepted: 16384 × 8192 (a 134 MP panorama). Checked from the header before a
 * pixel is decoded, so a "decompression bomb" costs nothing; sharp enforces the same limit.
 */
export const MAX_IMAGE_PIXELS = 16384 * 8192;
export const THUMBNAIL_WIDTH = 480;
/** A 2:1 image at least this wide counts as an equirectangular panorama. */
const PANORAMA_MIN_WIDTH = 2000;

export class ImageRejected extends Error {
  override name = 'ImageRejected';
}

export interface ImageFacts {
  width: number;
  height: number;
  format: string;
  orientation: number;
  equirectangular: boolean;
  /** Heading (GPano XMP) and position (EXIF GPS) when the file carries them. */
  pose: ImagePose;
}

const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });

/** Size (upright) and format from the header alone. */
export async function readFacts(bytes: Buffer): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (err) {
    throw new ImageRejected(`not a readable image: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!meta.width || !meta.height) throw new ImageRejected('the image has no size');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageRejected(`${meta.width}×${meta.height} exceeds ${MAX_IMAGE_PIXELS} pixels`);
  const orientation = meta.orientation ?? 1;
  const turned = orientation >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  return { width, height, format: meta.format ?? 'unknown', orientation, equirectangular: width === 2 * height && width >= PANORAMA_MIN_WIDTH, pose: readPose(meta) };
}

/** The upright image as RGB pixels (for the detector). */
export async function decodeRgb(bytes: Buffer): Promise<RgbImage> {
  const { data, info } = await open(bytes).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** An SVG mask of a region's shape inside its own box (white = blurred). */
function maskSvg(region: Region, box: { x: number; y: number; width: number; height: number }): Buffer {
  const w = Math.round(box.width);
  const h = Math.round(box.height);
  let shape: string;
  if (region.shape === 'ellipse') {
    shape = `<ellipse cx="${region.x + region.width / 2 - box.x}" cy="${region.y + region.height / 2 - box.y}" rx="${region.width / 2}" ry="${region.height / 2}" fill="#fff"/>`;
  } else {
    const points = (region.points ?? []).map(([px, py]) => `${px - box.x},${py - box.y}`).join(' ');
    shape = `<polygon points="${points}" fill="#fff"/>`;
  }
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shape}</svg>`);
}

/**
 * One region made unrecognisable: its pixels averaged into blocks of about a twelfth of the
 * region (at least 6 px), then blurred, so no detail of the original survives (irreversible).
 */
async function blurredPatch(upright: Sharp, region: Region, imageWidth: number, imageHeight: number) {
  const box = clampBox({ x: Math.floor(region.x), y: Math.floor(region.y), width: Math.ceil(region.width) + 1, height: Math.ceil(region.height) + 1 }, imageWidth, imageHeight);
  if (!box) return null;
  const block = Math.max(6, Math.round(Math.max(box.width, box.height) / 12));
  const small = await upright
    .clone()
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .resize(Math.max(1, Math.round(box.width / block)), Math.max(1, Math.round(box.height / block)), { kernel: 'cubic' })
    .png()
    .toBuffer();
  let patch = sharp(small).resize(box.width, box.height, { kernel: 'nearest' }).blur(Math.max(1, block / 2));
  if (region.shape !== 'rectangle') patch = sharp(await patch.png().toBuffer()).ensureAlpha().composite([{ input: maskSvg(region, box), blend: 'dest-in' }]);
  return { input: await patch.png().toBuffer(), left: box.x, top: box.y };
}

export interface Rendered {
  blurred: Buffer;
  thumbnail: Buffer;
}

/** The blurred derivative (JPEG, upright) and its thumbnail, from the original and the regions. */
export async function renderBlurred(original: Buffer, regions: readonly Region[]): Promise<Rendered> {
  const { data, info } = await open(original).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const upright = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  const patches = (await Promise.all(regions.map((r) => blurredPatch(upright, r, info.width, info.height)))).filter((p) => p !== null);
  const blurred = await upright.clone().composite(patches).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  const thumbnail = await sharp(blurred).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  return { blurred, thumbnail };
}
