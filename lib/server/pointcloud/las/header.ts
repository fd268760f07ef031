/*
 * The LAS public header block, its VLRs/EVLRs and what they say about compression (LASzip VLR),
 * COPC and the coordinate system. Pure functions over bytes: worker threads load this too.
 */
import { PointCloudError, type Bounds, type CloudHeader, type CoordinateSystem, type LinearUnit } from '../types';
import type { ByteSource } from '../types';
import { formatHasGps, formatHasRgb } from './records';

/** Standard record sizes of point data record formats 0–10; files may add extra bytes. */
export const RECORD_SIZES = [20, 28, 26, 34, 57, 63, 30, 36, 38, 59, 67] as const;

export interface LazInfo {
  /** 0 none, 1 point-wise (legacy LASzip 1.0), 2 point-wise chunked, 3 layered chunked (1.4). */
  compressor: number;
  /** Points per chunk; 0xffffffff means variable-sized chunks (COPC). */
  chunkSize: number;
}

export interface LasLayout {
  header: CloudHeader;
  versionMinor: number;
  pointFormat: number;
  recordLength: number;
  pointDataOffset: number;
  laz?: LazInfo;
}

const MAX_VLR_BYTES = 16 * 1024 * 1024;

function text(bytes: Uint8Array, start: number, length: number): string {
  const slice = bytes.subarray(start, start + length);
  const end = slice.indexOf(0);
  return Buffer.from(end < 0 ? slice : slice.subarray(0, end)).toString('latin1');
}

interface Vlr {
  userId: string;
  recordId: number;
  data: Uint8Array;
}

async function readVlrs(bytes: ByteSource, view: DataView, headerSize: number, count: number, pointDataOffset: number): Promise<Vlr[]> {
  const vlrs: Vlr[] = [];
  let at = headerSize;
  const region = await bytes.read(headerSize, Math.max(0, pointDataOffset - headerSize));
  for (let i = 0; i < count; i += 1) {
    const local = at - headerSize;
    if (local + 54 > region.length) throw new PointCloudError('malformedHeader', 'a variable-length record runs past the point data');
    const v = new DataView(region.buffer, region.byteOffset + local, 54);
    const length = v.getUint16(20, true);
    if (local + 54 + length > region.length) throw new PointCloudError('malformedHeader', 'a variable-length record runs past the point data');
    vlrs.push({ userId: text(region, local + 2, 16), recordId: v.getUint16(18, true), data: region.subarray(local + 54, local + 54 + length) });
    at += 54 + length;
  }
  void view;
  return vlrs;
}

async function readEvlrs(bytes: ByteSource, start: number, count: number): Promise<Vlr[]> {
  const vlrs: Vlr[] = [];
  let at = start;
  for (let i = 0; i < count && at + 60 <= bytes.size; i += 1) {
    const head = await bytes.read(at, 60);
    const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const length = Number(v.getBigUint64(20, true));
    const userId = text(head, 2, 16);
    const recordId = v.getUint16(18, true);
    // Only projection records matter here; other EVLRs (waveforms, COPC hierarchy) are skipped unread.
    if (userId === 'LASF_Projection' && length <= MAX_VLR_BYTES) vlrs.push({ userId, recordId, data: await bytes.read(at + 60, length) });
    at += 60 + length;
  }
  return vlrs;
}

const UNIT_CODES: Record<number, LinearUnit> = { 9001: 'm', 9002: 'ft', 9003: 'us-ft' };

function unitFromFactor(factor: number): LinearUnit | undefined {
  if (Math.abs(factor - 1) < 1e-9) return 'm';
  if (Math.abs(factor - 1200 / 3937) < 1e-9) return 'us-ft';
  if (Math.abs(factor - 0.3048) < 1e-9) return 'ft';
  return undefined;
}

/** The parts of a WKT directly inside its outermost node (depth 1), outside quotes. */
function topLevelText(wkt: string): string {
  let depth = 0;
  let quoted = false;
  let out = '';
  for (const ch of wkt) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '[' || ch === '(')) depth += 1;
    if (depth === 2 || (depth === 1 && ch !== '[' && ch !== '(')) out += ch;
    else if (depth > 2) out += ' ';
    if (!quoted && (ch === ']' || ch === ')')) depth -= 1;
  }
  return out;
}

/**
 * EPSG code and linear unit of an OGC WKT (1 or 2): the outermost node's own AUTHORITY/ID (a
 * unit's or datum's authority is not the CRS's), and the outermost linear UNIT.
 */
export function crsFromWkt(wkt: string): CoordinateSystem {
  const crs: CoordinateSystem = { wkt, units: 'm' };
  const top = topLevelText(wkt);
  const authority = /(?:AUTHORITY|ID)\[\s*"EPSG"\s*,\s*"?(\d+)"?/i.exec(top);
  if (authority) crs.epsg = Number(authority[1]);
  const units = [...top.matchAll(/(?:LENGTHUNIT|UNIT)\[\s*"[^"]*"\s*,\s*([0-9.eE+-]+)/gi)]
    .map((m) => unitFromFactor(Number(m[1])))
    .filter((u): u is LinearUnit => u !== undefined);
  if (units.length > 0) crs.units = units.at(-1)!;
  return crs;
}

/** EPSG code and unit from GeoTIFF keys (the LASF_Projection 34735 record). */
export function crsFromGeoKeys(data: Uint8Array): CoordinateSystem {
  const crs: CoordinateSystem = { units: 'm' };
  if (data.length < 8) return crs;
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const keys = v.getUint16(6, true);
  let projected: number | undefined;
  let geographic: number | undefined;
  let linear: number | undefined;
  let vertical: number | undefined;
  for (let i = 0; i < keys && 8 + i * 8 + 8 <= data.length; i += 1) {
    const at = 8 + i * 8;
    const id = v.getUint16(at, true);
    const location = v.getUint16(at + 2, true);
    const value = v.getUint16(at + 6, true);
    if (location !== 0) continue; // values stored elsewhere (doubles, ASCII) are not codes
    if (id === 3072) projected = value;
    else if (id === 2048) geographic = value;
    else if (id === 3076) linear = value;
    else if (id === 4099) vertical = value;
  }
  const code = projected ?? geographic;
  if (code !== undefined && code !== 32767 && code !== 0) crs.epsg = code;
  const unit = UNIT_CODES[linear ?? -1] ?? UNIT_CODES[vertical ?? -1];
  if (unit) crs.units = unit;
  return crs;
}

function lazInfo(data: Uint8Array): LazInfo {
  if (data.length < 16) throw new PointCloudError('malformedHeader', 'the LASzip record is too short');
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { compressor: v.getUint16(0, true), chunkSize: v.getUint32(12, true) };
}

/** Reads and checks the header, VLRs and EVLRs. Throws PointCloudError on anything malformed. */
export async function readLasLayout(bytes: ByteSource): Promise<LasLayout> {
  if (bytes.size < 227) throw new PointCloudError(bytes.size >= 4 ? 'truncated' : 'malformedHeader', 'the file is shorter than a LAS header');
  const head = await bytes.read(0, Math.min(bytes.size, 375));
  if (text(head, 0, 4) !== 'LASF') throw new PointCloudError('unsupportedFormat', 'not a LAS file (no LASF signature)');
  const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const major = v.getUint8(24);
  const minor = v.getUint8(25);
  if (major !== 1 || minor > 4) throw new PointCloudError('malformedHeader', `unsupported LAS version ${major}.${minor}`);
  const headerSize = v.getUint16(94, true);
  const minHeader = minor >= 4 ? 375 : minor === 3 ? 235 : 227;
  if (headerSize < minHeader || headerSize > bytes.size) throw new PointCloudError('malformedHeader', `header size ${headerSize} is wrong for LAS 1.${minor}`);
  const pointDataOffset = v.getUint32(96, true);
  const vlrCount = v.getUint32(100, true);
  const rawFormat = v.getUint8(104);
  const compressed = (rawFormat & 0xc0) !== 0;
  const pointFormat = rawFormat & 0x3f;
  const recordLength = v.getUint16(105, true);
  if (pointFormat > 10) throw new PointCloudError('unsupportedPointFormat', `point data record format ${pointFormat} is not defined`);
  if (recordLength < RECORD_SIZES[pointFormat]!) throw new PointCloudError('malformedHeader', `record length ${recordLength} is shorter than format ${pointFormat} needs`);
  if (pointDataOffset < headerSize || pointDataOffset > bytes.size) throw new PointCloudError(pointDataOffset > bytes.size ? 'truncated' : 'malformedHeader', 'the point data offset lies outside the file');

  let count = v.getUint32(107, true);
  let evlrStart = 0;
  let evlrCount = 0;
  if (minor >= 4) {
    const count64 = Number(v.getBigUint64(247, true));
    if (count64 > 0) count = count64;
    evlrStart = Number(v.getBigUint64(235, true));
    evlrCount = v.getUint32(243, true);
  }
  const scale: [number, number, number] = [v.getFloat64(131, true), v.getFloat64(139, true), v.getFloat64(147, true)];
  const offset: [number, number, number] = [v.getFloat64(155, true), v.getFloat64(163, true), v.getFloat64(171, true)];
  if (!scale.every((s) => Number.isFinite(s) && s > 0) || !offset.every(Number.isFinite)) throw new PointCloudError('malformedHeader', 'scale or offset is not a positive finite number');
  const declaredBounds: Bounds = {
    min: [v.getFloat64(187, true), v.getFloat64(203, true), v.getFloat64(219, true)],
    max: [v.getFloat64(179, true), v.getFloat64(195, true), v.getFloat64(211, true)],
  };

  const vlrs = await readVlrs(bytes, v, headerSize, vlrCount, pointDataOffset);
  if (evlrCount > 0 && evlrStart > 0) vlrs.push(...(await readEvlrs(bytes, evlrStart, evlrCount)));

  let crs: CoordinateSystem = { units: 'm' };
  const wkt = vlrs.find((r) => r.userId === 'LASF_Projection' && r.recordId === 2112);
  const geoKeys = vlrs.find((r) => r.userId === 'LASF_Projection' && r.recordId === 34735);
  if (wkt) crs = crsFromWkt(text(wkt.data, 0, wkt.data.length).trim());
  else if (geoKeys) crs = crsFromGeoKeys(geoKeys.data);

  const lazVlr = vlrs.find((r) => r.userId === 'laszip encoded' && r.recordId === 22204);
  const isCopc = vlrs.some((r) => r.userId === 'copc' && r.recordId === 1);
  if (compressed && !lazVlr) throw new PointCloudError('malformedHeader', 'compressed point data without a LASzip record');
  const laz = compressed && lazVlr ? lazInfo(lazVlr.data) : undefined;

  const header: CloudHeader = {
    format: isCopc ? 'copc' : laz ? 'laz' : 'las',
    version: `${major}.${minor}`,
    pointFormat,
    declaredPointCount: count,
    declaredBounds,
    scale,
    offset,
    crs,
    attributes: { rgb: formatHasRgb(pointFormat), intensity: true, classification: true, returns: true, gpsTime: formatHasGps(pointFormat) },
  };
  return { header, versionMinor: minor, pointFormat, recordLength, pointDataOffset, laz };
}
