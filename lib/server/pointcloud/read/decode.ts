/*
 * One node's payload (convert/encode.ts) back to integer positions and 8-bit colours. Positions
 * are 16-byte Morton codes (bytes 8–15: bits 0–15 of x, y, z interleaved; bytes 0–7: bits 16–31),
 * colours 8-byte Morton codes of the 16-bit channels; the other attributes are skipped.
 */
import type { NodeLayout } from './metadata';

/** A decoded node: integer coordinates (world = value × scale + offset) and r, g, b per point. */
export interface DecodedNode {
  count: number;
  positions: Int32Array;
  rgb: Uint8Array;
}

/**
 * 12 interleaved bits (x at 0, 3, 6, 9; y one up; z two up) → x | y << 4 | z << 8. Two lookups
 * compact a 24-bit group, instead of a dozen shifts per axis.
 */
const COMPACT12 = new Uint16Array(4096);
for (let v = 0; v < 4096; v++) {
  let packed = 0;
  for (let k = 0; k < 4; k++) {
    packed |= ((v >> (3 * k)) & 1) << k;
    packed |= ((v >> (3 * k + 1)) & 1) << (k + 4);
    packed |= ((v >> (3 * k + 2)) & 1) << (k + 8);
  }
  COMPACT12[v] = packed;
}

/** The three 8-bit values interleaved in a 24-bit group, as x | y << 8 | z << 16. */
function compact24(v: number): number {
  const lo = COMPACT12[v & 4095]!;
  const hi = COMPACT12[(v >>> 12) & 4095]!;
  return (lo & 15) | ((hi & 15) << 4) | (((lo >> 4) & 15) << 8) | (((hi >> 4) & 15) << 12) | (((lo >> 8) & 15) << 16) | (((hi >> 8) & 15) << 20);
}

export function decodeNodePayload(payload: Uint8Array, count: number, layout: NodeLayout): DecodedNode {
  if (payload.byteLength !== count * layout.bytesPerPoint) {
    throw new Error(`potree node: ${payload.byteLength} bytes for ${count} points of ${layout.bytesPerPoint} bytes`);
  }
  // Word access needs a 4-byte aligned view; decompressed buffers usually are, copies make sure.
  const bytes = payload.byteOffset % 4 === 0 ? payload : payload.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  const positions = new Int32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const w = i * 4;
    const a = compact24(words[w + 2]! & 0xffffff);
    const b = compact24(((words[w + 2]! >>> 24) | (words[w + 3]! << 8)) & 0xffffff);
    let x = (a & 0xff) | ((b & 0xff) << 8);
    let y = ((a >>> 8) & 0xff) | (((b >>> 8) & 0xff) << 8);
    let z = ((a >>> 16) & 0xff) | (((b >>> 16) & 0xff) << 8);
    const upper0 = words[w]!;
    const upper1 = words[w + 1]!;
    if (upper0 !== 0 || upper1 !== 0) {
      const c = compact24(upper0 & 0xffffff);
      const d = compact24(((upper0 >>> 24) | (upper1 << 8)) & 0xffffff);
      x |= ((c & 0xff) << 16) | ((d & 0xff) << 24);
      y |= (((c >>> 8) & 0xff) << 16) | (((d >>> 8) & 0xff) << 24);
      z |= (((c >>> 16) & 0xff) << 16) | (((d >>> 16) & 0xff) << 24);
    }
    positions[i * 3] = x;
    positions[i * 3 + 1] = y;
    positions[i * 3 + 2] = z;
  }
  const rgb = new Uint8Array(count * 3);
  if (layout.rgbBefore !== null) {
    // The block starts wherever the attributes before it end: copied to an aligned buffer.
    const start = bytes.byteOffset + count * layout.rgbBefore;
    const codes = new Uint32Array(bytes.buffer.slice(start, start + count * 8));
    for (let i = 0; i < count; i++) {
      const w0 = codes[i * 2]!;
      const w1 = codes[i * 2 + 1]!;
      const lowBits = compact24(w0 & 0xffffff);
      const highBits = compact24(((w0 >>> 24) | (w1 << 8)) & 0xffffff);
      for (let c = 0; c < 3; c++) {
        const shift = 8 * c;
        const value = ((lowBits >>> shift) & 0xff) | (((highBits >>> shift) & 0xff) << 8);
        rgb[i * 3 + c] = layout.rgbWide ? value >>> 8 : Math.min(255, value);
      }
    }
  }
  return { count, positions, rgb };
}
