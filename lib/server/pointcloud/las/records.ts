/*
 * LAS point data records (formats 0–10) to and from struct-of-arrays batches. Hot loops: typed
 * arrays and one DataView, no per-point objects.
 */
import type { PointBatch } from '../types';

export function formatHasRgb(format: number): boolean {
  return format === 2 || format === 3 || format === 5 || format === 7 || format === 8 || format === 10;
}
export function formatHasGps(format: number): boolean {
  return format === 1 || format >= 3;
}
/** Byte offset of the colour in a record, or -1. */
function rgbOffset(format: number): number {
  if (format === 2) return 20;
  if (format === 3 || format === 5) return 28;
  if (format === 7 || format === 8 || format === 10) return 30;
  return -1;
}

export function decodeRecords(
  data: Uint8Array,
  count: number,
  format: number,
  recordLength: number,
  scale: readonly number[],
  offset: readonly number[],
): PointBatch {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const positions = new Float64Array(count * 3);
  const intensity = new Uint16Array(count);
  const classification = new Uint8Array(count);
  const returnNumber = new Uint8Array(count);
  const numberOfReturns = new Uint8Array(count);
  const rgbAt = rgbOffset(format);
  const rgb = rgbAt >= 0 ? new Uint16Array(count * 3) : undefined;
  const gpsAt = formatHasGps(format) ? (format >= 6 ? 22 : 20) : -1;
  const gpsTime = gpsAt >= 0 ? new Float64Array(count) : undefined;
  const [sx, sy, sz] = scale as [number, number, number];
  const [ox, oy, oz] = offset as [number, number, number];
  const extended = format >= 6;
  for (let i = 0, at = 0; i < count; i += 1, at += recordLength) {
    positions[i * 3] = view.getInt32(at, true) * sx + ox;
    positions[i * 3 + 1] = view.getInt32(at + 4, true) * sy + oy;
    positions[i * 3 + 2] = view.getInt32(at + 8, true) * sz + oz;
    intensity[i] = view.getUint16(at + 12, true);
    const returns = data[at + 14]!;
    if (extended) {
      returnNumber[i] = returns & 0x0f;
      numberOfReturns[i] = returns >> 4;
      classification[i] = data[at + 16]!;
    } else {
      returnNumber[i] = returns & 0x07;
      numberOfReturns[i] = (returns >> 3) & 0x07;
      classification[i] = data[at + 15]! & 0x1f;
    }
    if (rgb) {
      rgb[i * 3] = view.getUint16(at + rgbAt, true);
      rgb[i * 3 + 1] = view.getUint16(at + rgbAt + 2, true);
      rgb[i * 3 + 2] = view.getUint16(at + rgbAt + 4, true);
    }
    if (gpsTime) gpsTime[i] = view.getFloat64(at + gpsAt, true);
  }
  return { count, positions, intensity, classification, returnNumber, numberOfReturns, rgb, gpsTime };
}

/** Encodes a batch as records of `format` (standard length); fields the batch lacks are zero. */
export function encodeRecords(batch: PointBatch, format: number, recordLength: number, scale: readonly number[], offset: readonly number[]): Uint8Array {
  const { count } = batch;
  const out = new Uint8Array(count * recordLength);
  const view = new DataView(out.buffer);
  const rgbAt = rgbOffset(format);
  const gpsAt = formatHasGps(format) ? (format >= 6 ? 22 : 20) : -1;
  const extended = format >= 6;
  const p = batch.positions;
  for (let i = 0, at = 0; i < count; i += 1, at += recordLength) {
    view.setInt32(at, Math.round((p[i * 3]! - offset[0]!) / scale[0]!), true);
    view.setInt32(at + 4, Math.round((p[i * 3 + 1]! - offset[1]!) / scale[1]!), true);
    view.setInt32(at + 8, Math.round((p[i * 3 + 2]! - offset[2]!) / scale[2]!), true);
    if (batch.intensity) view.setUint16(at + 12, batch.intensity[i]!, true);
    const rn = batch.returnNumber?.[i] ?? 1;
    const nr = batch.numberOfReturns?.[i] ?? 1;
    const cls = batch.classification?.[i] ?? 0;
    if (extended) {
      out[at + 14] = (rn & 0x0f) | ((nr & 0x0f) << 4);
      out[at + 16] = cls;
    } else {
      out[at + 14] = (rn & 0x07) | ((nr & 0x07) << 3);
      out[at + 15] = cls & 0x1f;
    }
    if (rgbAt >= 0 && batch.rgb) {
      view.setUint16(at + rgbAt, batch.rgb[i * 3]!, true);
      view.setUint16(at + rgbAt + 2, batch.rgb[i * 3 + 1]!, true);
      view.setUint16(at + rgbAt + 4, batch.rgb[i * 3 + 2]!, true);
    }
    if (gpsAt >= 0 && batch.gpsTime) view.setFloat64(at + gpsAt, batch.gpsTime[i]!, true);
  }
  return out;
}
