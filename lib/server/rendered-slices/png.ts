import 'server-only';
import { AppError } from '../errors';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// The last chunk of every complete PNG: length 0, "IEND", its fixed CRC.
const IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/**
 * The pixel size of a PNG, read from the bytes themselves (never from a declared type): the
 * signature, an IHDR chunk first and an IEND chunk last, else 415. A cut-off upload has no IEND.
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const ok =
    bytes.length >= 8 + 25 + IEND.length &&
    SIGNATURE.every((b, i) => bytes[i] === b) &&
    String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR' &&
    IEND.every((b, i) => bytes[bytes.length - IEND.length + i] === b);
  if (!ok) throw new AppError('unsupported_media_type', 'The slice view must be a complete PNG image', { allowed: ['image/png'] }, 'errors.renderedSlices.notPng');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
