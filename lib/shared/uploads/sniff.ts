import type { ContentKind } from './protocol';

/** How many leading bytes `sniff` needs to decide (fewer are enough for a file that short). */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, text: string, at = 0) => text.length + at <= bytes.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);

/** DXF (ASCII) starts with group code 0 then SECTION, each on its own line, with optional blanks and a BOM. */
function isDxf(bytes: Uint8Array): boolean {
  let text = String.fromCharCode(...bytes.subarray(0, 64));
  if (text.startsWith('\u00ef\u00bb\u00bf')) text = text.slice(3);
  return /^\s*0\s*\r?\n\s*SECTION/.test(text);
}

/**
 * What a file is, from its first bytes (at least SNIFF_BYTES, or the whole file when shorter);
 * null when it is none of the kinds we accept. LAS, LAZ and COPC share the `LASF` signature.
 */
export function sniffContent(bytes: Uint8Array): ContentKind | null {
  if (ascii(bytes, 'LASF')) return 'las';
  if (ascii(bytes, 'ASTM-E57')) return 'e57';
  if (ascii(bytes, 'ply\n') || ascii(bytes, 'ply\r\n')) return 'ply';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (ascii(bytes, 'AC10')) return 'dwg';
  if (ascii(bytes, 'ISO-10303-21')) return 'ifc';
  if (ascii(bytes, '%PDF-')) return 'pdf';
  if (isDxf(bytes)) return 'dxf';
  return null;
}
