/*
 * Opens any supported point-cloud file by its content (magic bytes), not its name.
 */
import { openE57Source } from './e57';
import { openLasSource, type OpenLasOptions } from './las/reader';
import { openPlySource } from './ply';
import { PointCloudError, type ByteSource, type PointSource } from './types';

export type FormatHint = 'las' | 'laz' | 'copc' | 'ply' | 'e57';

export type OpenOptions = OpenLasOptions;

function startsWith(head: Uint8Array, magic: string): boolean {
  if (head.length < magic.length) return false;
  for (let i = 0; i < magic.length; i += 1) if (head[i] !== magic.charCodeAt(i)) return false;
  return true;
}

/** `hint` (from the upload's name or purpose) is only used to word errors; the bytes decide. */
export async function openPointSource(bytes: ByteSource, hint?: FormatHint, options: OpenOptions = {}): Promise<PointSource> {
  const head = await bytes.read(0, 16);
  if (startsWith(head, 'LASF')) return openLasSource(bytes, options);
  if (startsWith(head, 'ply\n') || startsWith(head, 'ply\r\n')) return openPlySource(bytes);
  if (startsWith(head, 'ASTM-E57')) return openE57Source(bytes);
  throw new PointCloudError('unsupportedFormat', `unrecognised point-cloud file${hint ? ` (named as ${hint})` : ''}`);
}
