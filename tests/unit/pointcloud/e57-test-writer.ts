import { bitsNeeded } from '@/lib/server/pointcloud/e57/bytestreams';
import { crc32c } from '@/lib/server/pointcloud/e57/crc32c';

/**
 * Writes small E57 files for the reader's tests: scans with any prototype fields, poses, data
 * packets that split every bytestream at odd places (so values straddle packets), an index packet
 * and an empty packet among the data packets, and pages with CRC-32C.
 */

export type TestField =
  | { name: string; kind: 'integer'; minimum: number; maximum: number; values: number[] }
  | { name: string; kind: 'scaled'; minimum: number; maximum: number; scale: number; offset?: number; values: number[] }
  | { name: string; kind: 'float'; precision: 'single' | 'double'; values: number[] };

export interface TestScan {
  fields: TestField[];
  rotation?: [number, number, number, number];
  translation?: [number, number, number];
  /** Extra XML inside the scan (colorLimits, intensityLimits). */
  xml?: string;
}

const PAYLOAD = 1020;

export function writeE57(scans: TestScan[], rootXml = ''): Uint8Array {
  const logical: number[] = new Array(48).fill(0);
  const physical = (offset: number) => Math.floor(offset / PAYLOAD) * 1024 + (offset % PAYLOAD);
  const scanXml = scans.map((scan) => {
    const recordCount = scan.fields[0]!.values.length;
    const sectionStart = logical.length;
    const streams = scan.fields.map(encodeField);
    const section = compressedVectorSection(streams, sectionStart, physical);
    for (const byte of section) logical.push(byte);
    return scanElement(scan, physical(sectionStart), recordCount);
  });
  const xml = new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- written by the test -->\n<e57Root type="Structure" xmlns="http://www.astm.org/COMMIT/E57/2010-e57-v1.0">` +
      `<formatName type="String"><![CDATA[ASTM E57 3D Imaging Data File]]></formatName>${rootXml}` +
      `<data3D type="Vector" allowHeterogeneousChildren="1">${scanXml.join('')}</data3D></e57Root>`,
  );
  const xmlStart = logical.length;
  for (const byte of xml) logical.push(byte);
  while (logical.length % PAYLOAD !== 0) logical.push(0);

  const pages = logical.length / PAYLOAD;
  const header = new DataView(new ArrayBuffer(48));
  new TextEncoder().encode('ASTM-E57').forEach((byte, i) => header.setUint8(i, byte));
  header.setUint32(8, 1, true);
  header.setUint32(12, 0, true);
  header.setBigUint64(16, BigInt(pages * 1024), true);
  header.setBigUint64(24, BigInt(physical(xmlStart)), true);
  header.setBigUint64(32, BigInt(xml.length), true);
  header.setBigUint64(40, 1024n, true);
  new Uint8Array(header.buffer).forEach((byte, i) => (logical[i] = byte));

  const file = new Uint8Array(pages * 1024);
  for (let page = 0; page < pages; page++) {
    file.set(logical.slice(page * PAYLOAD, (page + 1) * PAYLOAD), page * 1024);
    new DataView(file.buffer).setUint32(page * 1024 + PAYLOAD, crc32c(file, page * 1024, page * 1024 + PAYLOAD), false);
  }
  return file;
}

function encodeField(field: TestField): Uint8Array {
  if (field.kind === 'float') {
    const size = field.precision === 'single' ? 4 : 8;
    const view = new DataView(new ArrayBuffer(field.values.length * size));
    field.values.forEach((v, i) => (size === 4 ? view.setFloat32(i * 4, v, true) : view.setFloat64(i * 8, v, true)));
    return new Uint8Array(view.buffer);
  }
  const raw = field.kind === 'scaled' ? field.values.map((v) => Math.round((v - (field.offset ?? 0)) / field.scale)) : field.values;
  const bits = bitsNeeded(field.maximum - field.minimum);
  const bytes = new Uint8Array(Math.ceil((raw.length * bits) / 8));
  raw.forEach((value, i) => {
    const packed = value - field.minimum;
    for (let b = 0; b < bits; b++) {
      if (Math.floor(packed / 2 ** b) % 2) bytes[(i * bits + b) >> 3]! |= 1 << ((i * bits + b) & 7);
    }
  });
  return bytes;
}

/**
 * Section header, then data packets (at least three, each under 64 KiB) with an index packet after
 * the first and an empty packet after the second. Streams are cut at odd places, so values straddle
 * packets.
 */
function compressedVectorSection(streams: Uint8Array[], sectionStart: number, physical: (offset: number) => number): number[] {
  const packets: number[][] = [];
  const total = streams.reduce((sum, s) => sum + s.length, 0);
  const count = Math.max(3, Math.ceil(total / 30000));
  const cut = (s: Uint8Array, k: number) => (k === 0 ? 0 : k === count ? s.length : Math.min(s.length, Math.floor((k * s.length) / count) + (k % 3)));
  for (let p = 0; p < count; p++) {
    const pieces = streams.map((s) => s.subarray(cut(s, p), cut(s, p + 1)));
    const head = [1, 0, 0, 0, streams.length & 0xff, streams.length >> 8, ...pieces.flatMap((piece) => [piece.length & 0xff, piece.length >> 8])];
    const packet = [...head, ...pieces.flatMap((piece) => [...piece])];
    while (packet.length % 4 !== 0) packet.push(0);
    packet[2] = (packet.length - 1) & 0xff;
    packet[3] = (packet.length - 1) >> 8;
    packets.push(packet);
    if (p === 0) packets.push([0, 0, 15, 0, 0, 0, 0, ...new Array(9).fill(0)]);
    if (p === 1) packets.push([2, 0, 3, 0]);
  }
  const dataStart = sectionStart + 32;
  const length = 32 + packets.reduce((sum, p) => sum + p.length, 0);
  const header = new DataView(new ArrayBuffer(32));
  header.setUint8(0, 1);
  header.setBigUint64(8, BigInt(length), true);
  header.setBigUint64(16, BigInt(physical(dataStart)), true);
  header.setBigUint64(24, 0n, true);
  return [...new Uint8Array(header.buffer), ...packets.flat()];
}

function scanElement(scan: TestScan, fileOffset: number, recordCount: number): string {
  const [w, x, y, z] = scan.rotation ?? [1, 0, 0, 0];
  const [tx, ty, tz] = scan.translation ?? [0, 0, 0];
  const prototype = scan.fields
    .map((f) => {
      if (f.kind === 'float') return `<${f.name} type="Float" precision="${f.precision}"/>`;
      const scale = f.kind === 'scaled' ? ` scale="${f.scale}" offset="${f.offset ?? 0}"` : '';
      return `<${f.name} type="${f.kind === 'scaled' ? 'ScaledInteger' : 'Integer'}" minimum="${f.minimum}" maximum="${f.maximum}"${scale}/>`;
    })
    .join('');
  return (
    `<vectorChild type="Structure"><name type="String"><![CDATA[scan &amp; more]]></name>` +
    `<pose type="Structure"><rotation type="Structure"><w type="Float">${w}</w><x type="Float">${x}</x><y type="Float">${y}</y><z type="Float">${z}</z></rotation>` +
    `<translation type="Structure"><x type="Float">${tx}</x><y type="Float">${ty}</y><z type="Float">${tz}</z></translation></pose>${scan.xml ?? ''}` +
    `<points type="CompressedVector" fileOffset="${fileOffset}" recordCount="${recordCount}"><prototype type="Structure">${prototype}</prototype>` +
    `<codecs type="Vector" allowHeterogeneousChildren="1"></codecs></points></vectorChild>`
  );
}
