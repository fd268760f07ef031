/*
 * One octree node in Potree 2.0's BROTLI encoding, as PotreeConverter 2 writes it and potree-core
 * 2.0.15 (brotli-decoder.worker.js) reads it: points in Morton order; the attributes one after
 * another (struct of arrays) in metadata order; position as a 16-byte Morton code (upper 64 bits:
 * bits 16–31 of x, y, z interleaved; lower 64 bits: bits 0–15), rgb as an 8-byte Morton code of
 * the three 16-bit channels; the rest as raw little-endian values; the whole brotli-compressed.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { AttributeFlags, PointSet } from './point-set';
import type { IntBox } from './grid';

/** x's bits 0–7 spread to every third bit (bit k → bit 3k). */
const SPREAD8 = new Uint32Array(256);
/** x's bits 0–9 spread likewise, for the 30-bit sort key. */
const SPREAD10 = new Uint32Array(1024);
for (let v = 0; v < 1024; v += 1) {
  let s = 0;
  for (let k = 0; k < 10; k += 1) if (v & (1 << k)) s |= 1 << (3 * k);
  SPREAD10[v] = s >>> 0;
  if (v < 256) SPREAD8[v] = s >>> 0;
}

/** Bytes per point after decompression, per attribute, in metadata order. */
export function encodedBytesPerPoint(flags: AttributeFlags): number {
  return 16 + (flags.intensity ? 2 : 0) + (flags.returns ? 2 : 0) + (flags.classification ? 1 : 0) + (flags.gpsTime ? 8 : 0) + (flags.rgb ? 8 : 0);
}

/**
 * Indices of the node's points in Morton order of their position inside the node's box (1024
 * steps per axis), by a stable three-pass radix sort of the 30-bit codes.
 */
function mortonOrder(set: PointSet<Int32Array>, indices: Uint32Array, box: IntBox): Uint32Array {
  const n = indices.length;
  let keys = new Uint32Array(n);
  let order = new Uint32Array(n);
  const p = set.positions;
  const fx = 1024 / box.size[0];
  const fy = 1024 / box.size[1];
  const fz = 1024 / box.size[2];
  const [mx, my, mz] = box.min;
  for (let i = 0; i < n; i += 1) {
    const index = indices[i]!;
    const at = index * 3;
    let x = ((p[at]! - mx) * fx) | 0;
    let y = ((p[at + 1]! - my) * fy) | 0;
    let z = ((p[at + 2]! - mz) * fz) | 0;
    x = x < 0 ? 0 : x > 1023 ? 1023 : x;
    y = y < 0 ? 0 : y > 1023 ? 1023 : y;
    z = z < 0 ? 0 : z > 1023 ? 1023 : z;
    keys[i] = (SPREAD10[x]! | (SPREAD10[y]! << 1) | (SPREAD10[z]! << 2)) >>> 0;
    order[i] = index;
  }
  let keysOut = new Uint32Array(n);
  let orderOut = new Uint32Array(n);
  const counts = new Uint32Array(1024);
  for (let shift = 0; shift < 30; shift += 10) {
    counts.fill(0);
    for (let i = 0; i < n; i += 1) counts[(keys[i]! >>> shift) & 1023]! += 1;
    let sum = 0;
    for (let b = 0; b < 1024; b += 1) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i += 1) {
      const k = keys[i]!;
      const to = counts[(k >>> shift) & 1023]!++;
      keysOut[to] = k;
      orderOut[to] = order[i]!;
    }
    [keys, keysOut] = [keysOut, keys];
    [order, orderOut] = [orderOut, order];
  }
  return order;
}

/** The node's uncompressed payload (exported for tests of the layout). */
export function nodePayload(set: PointSet<Int32Array>, unordered: Uint32Array, box: IntBox, flags: AttributeFlags): Uint8Array {
  const order = mortonOrder(set, unordered, box);
  const n = order.length;
  const out = new Uint8Array(n * encodedBytesPerPoint(flags));
  const mc = new Uint32Array(out.buffer, 0, n * 4);
  const p = set.positions;
  const SPREAD = SPREAD8;
  for (let i = 0; i < n; i += 1) {
    const at = order[i]! * 3;
    const x = p[at]!;
    const y = p[at + 1]!;
    const z = p[at + 2]!;
    const l0 = SPREAD[x & 255]! | (SPREAD[y & 255]! << 1) | (SPREAD[z & 255]! << 2);
    const l1 = SPREAD[(x >>> 8) & 255]! | (SPREAD[(y >>> 8) & 255]! << 1) | (SPREAD[(z >>> 8) & 255]! << 2);
    const u0 = SPREAD[(x >>> 16) & 255]! | (SPREAD[(y >>> 16) & 255]! << 1) | (SPREAD[(z >>> 16) & 255]! << 2);
    const u1 = SPREAD[(x >>> 24) & 255]! | (SPREAD[(y >>> 24) & 255]! << 1) | (SPREAD[(z >>> 24) & 255]! << 2);
    mc[i * 4] = (u0 | (u1 << 24)) >>> 0;
    mc[i * 4 + 1] = u1 >>> 8;
    mc[i * 4 + 2] = (l0 | (l1 << 24)) >>> 0;
    mc[i * 4 + 3] = l1 >>> 8;
  }
  let at = n * 16;
  // Each attribute gathered in Morton order through a typed array over its own (aligned) copy.
  if (flags.intensity) {
    const values = new Uint16Array(n);
    const source = set.intensity;
    if (source) for (let i = 0; i < n; i += 1) values[i] = source[order[i]!]!;
    out.set(new Uint8Array(values.buffer), at);
    at += n * 2;
  }
  const bytes = (source: Uint8Array | undefined, fallback: number) => {
    if (source) for (let i = 0; i < n; i += 1) out[at + i] = source[order[i]!]!;
    else out.fill(fallback, at, at + n);
    at += n;
  };
  if (flags.returns) {
    bytes(set.returnNumber, 1);
    bytes(set.numberOfReturns, 1);
  }
  if (flags.classification) bytes(set.classification, 0);
  if (flags.gpsTime) {
    const values = new Float64Array(n);
    const source = set.gpsTime;
    if (source) for (let i = 0; i < n; i += 1) values[i] = source[order[i]!]!;
    out.set(new Uint8Array(values.buffer), at);
    at += n * 8;
  }
  if (flags.rgb) {
    const words = new Uint32Array(n * 2);
    const c = set.rgb;
    const spread = SPREAD8;
    if (c) {
      for (let i = 0; i < n; i += 1) {
        const k = order[i]! * 3;
        const r = c[k]!;
        const g = c[k + 1]!;
        const b = c[k + 2]!;
        const m0 = spread[r & 255]! | (spread[g & 255]! << 1) | (spread[b & 255]! << 2);
        const m1 = spread[r >>> 8]! | (spread[g >>> 8]! << 1) | (spread[b >>> 8]! << 2);
        words[i * 2] = (m0 | (m1 << 24)) >>> 0;
        words[i * 2 + 1] = m1 >>> 8;
      }
    }
    out.set(new Uint8Array(words.buffer), at);
    at += n * 8;
  }
  return out;
}

export function encodeNode(set: PointSet<Int32Array>, indices: Uint32Array, box: IntBox, flags: AttributeFlags, quality: number): Uint8Array {
  if (indices.length === 0) return new Uint8Array(0);
  const payload = nodePayload(set, indices, box, flags);
  const compressed = brotliCompressSync(payload, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: payload.length },
  });
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength);
}
