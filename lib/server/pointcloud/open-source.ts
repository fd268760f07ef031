/*
 * Opens any supported point-cloud file by its content (magic bytes), not its name.
 */
import { openLasSource, type OpenLasOptions } from './las/reader';
import { PointCloudError, type ByteSource, type PointSource } from './types';

export type FormatHint = 'las' | 'laz' | 'copc' | 'ply' | 'e57';

export type OpenOptions = OpenLasOptions;

function startsWith(head: Uint8Array, magic: string): boolean {
  if (head.length < magic.length) return false;
  for (let i = 0; i < magic.length; i += 1) if (head[i] !== magic.charCodeAt(i)) return false;
  return true;
}

/**
 * `hint` (from the upload's name or purpose) is only used to word errors; the bytes decide.
 * PLY (`ply\n`, reader `openPlySource` in ./ply.ts) and E57 (`ASTM-E57`, `openE57Source` in
 * ./e57/) plug in below the LAS branch.
 */
export async function openPointSource(bytes: ByteSource, hint?: FormatHint, options: OpenOptions = {}): Promise<PointSource> {
  const head = await bytes.read(0, 16);
  if (startsWith(head, 'LASF')) return openLasSource(bytes, options);
  // The PLY reader (magic "ply", openPlySource in ./ply.ts) and the E57 reader (magic "ASTM-E57",
  // openE57Source in ./e57/) add their branches here, each before the error below.
  throw new PointCloudError('unsupportedFormat', `unrecognised point-cloud file${hint ? ` (named as ${hint})` : ''}`);
}
