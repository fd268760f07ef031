import 'server-only';
import sharp, { type Metadata } from 'sharp';
import type { Region } from '@/lib/shared/schemas/blurring';
import { readPose, type ImagePose } from '../tours/image-pose';
import { blurRegions } from './blur-regions';
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

export interface Rendered {
  blurred: Buffer;
  thumbnail: Buffer;
}

/**
 * The blurred derivative (JPEG, upright) and its thumbnail, from the original and the regions:
 * decoded once, the regions' boxes blurred in place (blur-regions.ts), then the JPEG and the
 * thumbnail encoded from the same pixels side by side (no second decode of the result).
 */
export async function renderBlurred(original: Buffer, regions: readonly Region[]): Promise<Rendered> {
  const { data, info } = await open(original).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  await blurRegions(data, info.width, info.height, regions);
  const raw = { raw: { width: info.width, height: info.height, channels: 3 as const } };
  const [blurred, thumbnail] = await Promise.all([
    sharp(data, raw).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer(),
    sharp(data, raw).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer(),
  ]);
  return { blurred, thumbnail };
}
