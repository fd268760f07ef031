/*
 * The converter's intermediate point format: struct-of-arrays, serialised as one binary blob per
 * slice (decoded input, world coordinates as float64) or chunk part (coordinates quantised to
 * int32 in the cloud's integer space). Pure: worker threads use it.
 */
import type { CloudHeader, PointBatch } from '../types';

export type AttributeFlags = CloudHeader['attributes'];

export interface PointSet<P extends Float64Array | Int32Array = Float64Array | Int32Array> {
  count: number;
  positions: P;
  gpsTime?: Float64Array;
  rgb?: Uint16Array;
  intensity?: Uint16Array;
  classification?: Uint8Array;
  returnNumber?: Uint8Array;
  numberOfReturns?: Uint8Array;
}

const MAGIC = 0x31535041; // "APS1"
const HEADER_BYTES = 16;
const FLAG = { gpsTime: 1, rgb: 2, intensity: 4, classification: 8, returns: 16 } as const;

export function flagsOf(set: PointSet): AttributeFlags {
  return {
    gpsTime: !!set.gpsTime,
    rgb: !!set.rgb,
    intensity: !!set.intensity,
    classification: !!set.classification,
    returns: !!set.returnNumber && !!set.numberOfReturns,
  };
}

function bytesPerPoint(flags: AttributeFlags, intPositions: boolean): number {
  return (intPositions ? 12 : 24) + (flags.gpsTime ? 8 : 0) + (flags.rgb ? 6 : 0) + (flags.intensity ? 2 : 0) + (flags.classification ? 1 : 0) + (flags.returns ? 2 : 0);
}

/** Arrays in decreasing element size so every one starts aligned. */
export function serializePointSet(set: PointSet): Uint8Array {
  const flags = flagsOf(set);
  const isInt = set.positions instanceof Int32Array;
  const n = set.count;
  const out = new Uint8Array(HEADER_BYTES + n * bytesPerPoint(flags, isInt));
  const head = new DataView(out.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, n, true);
  head.setUint8(8, (flags.gpsTime ? FLAG.gpsTime : 0) | (flags.rgb ? FLAG.rgb : 0) | (flags.intensity ? FLAG.intensity : 0) | (flags.classification ? FLAG.classification : 0) | (flags.returns ? FLAG.returns : 0));
  head.setUint8(9, isInt ? 1 : 0);
  let at = HEADER_BYTES;
  const put = (array: ArrayBufferView | undefined, length: number) => {
    if (!array) return;
    out.set(new Uint8Array(array.buffer, array.byteOffset, length), at);
    at += length;
  };
  put(set.gpsTime, n * 8);
  put(set.positions, n * (isInt ? 12 : 24));
  put(set.rgb, n * 6);
  put(set.intensity, n * 2);
  put(set.classification, n);
  put(set.returnNumber, n);
  put(set.numberOfReturns, n);
  return out;
}

export function deserializePointSet(input: Uint8Array): PointSet {
  // Typed-array views need aligned offsets; buffers from streams may start anywhere.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const head = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  if (head.getUint32(0, true) !== MAGIC) throw new Error('not a converter point set');
  const n = head.getUint32(4, true);
  const flags = head.getUint8(8);
  const isInt = head.getUint8(9) === 1;
  let at = bytes.byteOffset + HEADER_BYTES;
  const take = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, length: number, size: number): T => {
    const view = make(bytes.buffer, at, length);
    at += length * size;
    return view;
  };
  const set: PointSet = { count: n, positions: new Float64Array(0) };
  if (flags & FLAG.gpsTime) set.gpsTime = take((b, o, l) => new Float64Array(b, o, l), n, 8);
  set.positions = isInt ? take((b, o, l) => new Int32Array(b, o, l), n * 3, 4) : take((b, o, l) => new Float64Array(b, o, l), n * 3, 8);
  if (flags & FLAG.rgb) set.rgb = take((b, o, l) => new Uint16Array(b, o, l), n * 3, 2);
  if (flags & FLAG.intensity) set.intensity = take((b, o, l) => new Uint16Array(b, o, l), n, 2);
  if (flags & FLAG.classification) set.classification = take((b, o, l) => new Uint8Array(b, o, l), n, 1);
  if (flags & FLAG.returns) {
    set.returnNumber = take((b, o, l) => new Uint8Array(b, o, l), n, 1);
    set.numberOfReturns = take((b, o, l) => new Uint8Array(b, o, l), n, 1);
  }
  return set;
}

/**
 * Batches serialised as one float-positioned set carrying exactly the attributes `flags` names
 * (a missing array is written as its default), copying each array once.
 */
export function serializeBatches(batches: PointBatch[], flags: AttributeFlags): Uint8Array {
  const n = batches.reduce((sum, b) => sum + b.count, 0);
  const out = new Uint8Array(HEADER_BYTES + n * bytesPerPoint(flags, false));
  const head = new DataView(out.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, n, true);
  head.setUint8(8, (flags.gpsTime ? FLAG.gpsTime : 0) | (flags.rgb ? FLAG.rgb : 0) | (flags.intensity ? FLAG.intensity : 0) | (flags.classification ? FLAG.classification : 0) | (flags.returns ? FLAG.returns : 0));
  head.setUint8(9, 0);
  let at = HEADER_BYTES;
  const put = (pick: (b: PointBatch) => ArrayBufferView | undefined, size: number, fallback: number) => {
    for (const b of batches) {
      const array = pick(b);
      const length = b.count * size;
      if (array) out.set(new Uint8Array(array.buffer, array.byteOffset, length), at);
      else if (fallback !== 0) out.fill(fallback, at, at + length);
      at += length;
    }
  };
  if (flags.gpsTime) put((b) => b.gpsTime, 8, 0);
  put((b) => b.positions, 24, 0);
  if (flags.rgb) put((b) => b.rgb, 6, 0);
  if (flags.intensity) put((b) => b.intensity, 2, 0);
  if (flags.classification) put((b) => b.classification, 1, 0);
  if (flags.returns) {
    put((b) => b.returnNumber, 1, 1);
    put((b) => b.numberOfReturns, 1, 1);
  }
  return out;
}

/** An empty int-positioned set with the given attributes and room for `n` points. */
export function allocateIntSet(n: number, flags: AttributeFlags): PointSet<Int32Array> {
  const set: PointSet<Int32Array> = { count: n, positions: new Int32Array(n * 3) };
  if (flags.gpsTime) set.gpsTime = new Float64Array(n);
  if (flags.rgb) set.rgb = new Uint16Array(n * 3);
  if (flags.intensity) set.intensity = new Uint16Array(n);
  if (flags.classification) set.classification = new Uint8Array(n);
  if (flags.returns) {
    set.returnNumber = new Uint8Array(n);
    set.numberOfReturns = new Uint8Array(n);
  }
  return set;
}

/** Copies point `from` of `source` to index `to` of `target` (same attributes or a subset). */
export function copyPoint(source: PointSet<Int32Array>, from: number, target: PointSet<Int32Array>, to: number): void {
  target.positions[to * 3] = source.positions[from * 3]!;
  target.positions[to * 3 + 1] = source.positions[from * 3 + 1]!;
  target.positions[to * 3 + 2] = source.positions[from * 3 + 2]!;
  if (target.gpsTime) target.gpsTime[to] = source.gpsTime?.[from] ?? 0;
  if (target.rgb) {
    target.rgb[to * 3] = source.rgb?.[from * 3] ?? 0;
    target.rgb[to * 3 + 1] = source.rgb?.[from * 3 + 1] ?? 0;
    target.rgb[to * 3 + 2] = source.rgb?.[from * 3 + 2] ?? 0;
  }
  if (target.intensity) target.intensity[to] = source.intensity?.[from] ?? 0;
  if (target.classification) target.classification[to] = source.classification?.[from] ?? 0;
  if (target.returnNumber) target.returnNumber[to] = source.returnNumber?.[from] ?? 1;
  if (target.numberOfReturns) target.numberOfReturns[to] = source.numberOfReturns?.[from] ?? 1;
}

/** The points of `set` at `indices`, in that order. */
export function gather(set: PointSet<Int32Array>, indices: Uint32Array, flags: AttributeFlags): PointSet<Int32Array> {
  const out = allocateIntSet(indices.length, flags);
  for (let i = 0; i < indices.length; i += 1) copyPoint(set, indices[i]!, out, i);
  return out;
}

export function concatIntSets(sets: PointSet<Int32Array>[], flags: AttributeFlags): PointSet<Int32Array> {
  const n = sets.reduce((sum, s) => sum + s.count, 0);
  const out = allocateIntSet(n, flags);
  let at = 0;
  for (const s of sets) {
    out.positions.set(s.positions.subarray(0, s.count * 3), at * 3);
    if (out.gpsTime && s.gpsTime) out.gpsTime.set(s.gpsTime.subarray(0, s.count), at);
    if (out.rgb && s.rgb) out.rgb.set(s.rgb.subarray(0, s.count * 3), at * 3);
    if (out.intensity && s.intensity) out.intensity.set(s.intensity.subarray(0, s.count), at);
    if (out.classification && s.classification) out.classification.set(s.classification.subarray(0, s.count), at);
    if (out.returnNumber) out.returnNumber.set(s.returnNumber ? s.returnNumber.subarray(0, s.count) : new Uint8Array(s.count).fill(1), at);
    if (out.numberOfReturns) out.numberOfReturns.set(s.numberOfReturns ? s.numberOfReturns.subarray(0, s.count) : new Uint8Array(s.count).fill(1), at);
    at += s.count;
  }
  return out;
}
