/*
 * Writes LAS 1.2 (formats 0–3), 1.3 (4–5) or 1.4 (6–10) from point batches. Used by tests to
 * make fixtures and by the demo-data seed. Without a declared count and bounds the records are
 * buffered, since the header that precedes them must carry both.
 */
import type { Bounds, PointBatch } from '../types';
import { RECORD_SIZES } from './header';
import { encodeRecords } from './records';

export interface LasWriteOptions {
  pointFormat: number;
  scale: [number, number, number];
  offset: [number, number, number];
  /** OGC WKT written as a LASF_Projection 2112 record. */
  wkt?: string;
  /** When both are given, records stream out as batches arrive. */
  pointCount?: number;
  bounds?: Bounds;
  systemId?: string;
}

function versionMinor(format: number): number {
  return format <= 3 ? 2 : format <= 5 ? 3 : 4;
}

function headerBytes(options: LasWriteOptions, count: number, bounds: Bounds, byReturn: number[]): Uint8Array {
  const minor = versionMinor(options.pointFormat);
  const size = minor === 4 ? 375 : minor === 3 ? 235 : 227;
  const wkt = options.wkt ? Buffer.from(`${options.wkt}\0`, 'latin1') : undefined;
  const vlrBytes = wkt ? 54 + wkt.length : 0;
  const out = new Uint8Array(size + vlrBytes);
  const v = new DataView(out.buffer);
  out.set(Buffer.from('LASF'), 0);
  // Global encoding: bit 0 adjusted GPS time is left unset; bit 4 says the CRS is WKT (1.4).
  v.setUint16(6, minor === 4 && wkt ? 0x10 : 0, true);
  out[24] = 1;
  out[25] = minor;
  out.set(Buffer.from((options.systemId ?? 'Argus').slice(0, 31)), 26);
  out.set(Buffer.from('Argus LAS writer'), 58);
  v.setUint16(90, 1, true);
  v.setUint16(92, new Date().getUTCFullYear(), true);
  v.setUint16(94, size, true);
  v.setUint32(96, size + vlrBytes, true);
  v.setUint32(100, wkt ? 1 : 0, true);
  out[104] = options.pointFormat;
  v.setUint16(105, RECORD_SIZES[options.pointFormat]!, true);
  const legacy = options.pointFormat <= 5 && count <= 0xffffffff;
  v.setUint32(107, legacy ? count : 0, true);
  for (let r = 0; r < 5; r += 1) v.setUint32(111 + r * 4, legacy ? (byReturn[r] ?? 0) : 0, true);
  options.scale.forEach((s, i) => v.setFloat64(131 + i * 8, s, true));
  options.offset.forEach((o, i) => v.setFloat64(155 + i * 8, o, true));
  for (let a = 0; a < 3; a += 1) {
    v.setFloat64(179 + a * 16, bounds.max[a]!, true);
    v.setFloat64(187 + a * 16, bounds.min[a]!, true);
  }
  if (minor === 4) {
    v.setBigUint64(247, BigInt(count), true);
    for (let r = 0; r < 15; r += 1) v.setBigUint64(255 + r * 8, BigInt(byReturn[r] ?? 0), true);
  }
  if (wkt) {
    out.set(Buffer.from('LASF_Projection'), size + 2);
    v.setUint16(size + 18, 2112, true);
    v.setUint16(size + 20, wkt.length, true);
    out.set(wkt, size + 54);
  }
  return out;
}

function emptyBounds(): Bounds {
  return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
}

function extend(bounds: Bounds, batch: PointBatch): void {
  const p = batch.positions;
  for (let i = 0; i < batch.count; i += 1) {
    for (let a = 0; a < 3; a += 1) {
      const value = p[i * 3 + a]!;
      if (value < bounds.min[a]!) bounds.min[a] = value;
      if (value > bounds.max[a]!) bounds.max[a] = value;
    }
  }
}

function countReturns(byReturn: number[], batch: PointBatch): void {
  for (let i = 0; i < batch.count; i += 1) {
    const r = batch.returnNumber?.[i] ?? 1;
    if (r >= 1 && r <= 15) byReturn[r - 1] = (byReturn[r - 1] ?? 0) + 1;
  }
}

export async function* writeLas(options: LasWriteOptions, batches: AsyncIterable<PointBatch> | Iterable<PointBatch>): AsyncGenerator<Uint8Array> {
  const length = RECORD_SIZES[options.pointFormat];
  if (length === undefined) throw new Error(`point format ${options.pointFormat} is not defined`);
  const encode = (batch: PointBatch) => encodeRecords(batch, options.pointFormat, length, options.scale, options.offset);
  if (options.pointCount !== undefined && options.bounds) {
    // Streaming: the per-return counts stay zero (optional in LAS).
    yield headerBytes(options, options.pointCount, options.bounds, []);
    for await (const batch of batches) yield encode(batch);
    return;
  }
  const records: Uint8Array[] = [];
  const bounds = emptyBounds();
  const byReturn: number[] = [];
  let count = 0;
  for await (const batch of batches) {
    extend(bounds, batch);
    countReturns(byReturn, batch);
    records.push(encode(batch));
    count += batch.count;
  }
  if (count === 0) {
    bounds.min = [0, 0, 0];
    bounds.max = [0, 0, 0];
  }
  yield headerBytes(options, count, bounds, byReturn);
  yield* records;
}

/** The whole file in memory (tests, small fixtures). */
export async function lasBytes(options: LasWriteOptions, batches: AsyncIterable<PointBatch> | Iterable<PointBatch>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of writeLas(options, batches)) parts.push(part);
  // A fresh buffer of its own (not a slice of Node's shared pool), so callers may view and patch it.
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
