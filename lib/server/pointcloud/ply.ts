import { FLOAT_FORMAT_SCALE, offsetFromFirstBatch } from './first-batch-offset';
import { type PlyElement, type PlyHeader, type PlyProperty, type PlyScalarType, readPlyHeader, TYPE_SIZES } from './ply-header';
import { SequentialReader } from './sequential-reader';
import { type ByteSource, type PointBatch, PointCloudError, type PointSource } from './types';

/**
 * Reads the vertex element of a PLY file (ASCII or binary, either byte order) as points; faces and
 * any other elements are skipped. PLY stores floats, so the header reports scale 0.001 and an
 * offset taken from the first batch (see first-batch-offset.ts).
 */
export async function openPlySource(bytes: ByteSource): Promise<PointSource> {
  const ply = await readPlyHeader(bytes);
  const vertexIndex = ply.elements.findIndex((element) => element.name === 'vertex');
  const vertex = ply.elements[vertexIndex];
  if (!vertex) throw new PointCloudError('malformedHeader', 'ply without vertex element');
  const layout = vertexLayout(vertex);
  if (vertex.count === 0) throw new PointCloudError('noPoints', 'ply without vertices');

  const batches = (signal?: AbortSignal) => readVertices(bytes, ply, vertexIndex, layout, signal);
  const offset = await offsetFromFirstBatch(batches());
  if (!offset) throw new PointCloudError('noPoints', 'ply without vertices');
  return {
    header: {
      format: 'ply',
      version: ply.version,
      declaredPointCount: vertex.count,
      scale: FLOAT_FORMAT_SCALE,
      offset,
      crs: { units: 'm' },
      attributes: { rgb: layout.rgb !== undefined, intensity: layout.intensity >= 0, classification: layout.classification >= 0, returns: false, gpsTime: false },
    },
    batches,
    close: async () => {},
  };
}

// 64 k points: about 2.5 MB of arrays per batch with every attribute.
const BATCH_SIZE = 65536;

/** Where each attribute sits among the vertex element's properties (−1: absent). */
interface VertexLayout {
  xyz: [number, number, number];
  rgb?: [number, number, number];
  /** Multiplier that turns the stored colour into 16 bits. */
  colourFactor: number;
  intensity: number;
  classification: number;
}

function vertexLayout(vertex: PlyElement): VertexLayout {
  const find = (...names: string[]) => vertex.properties.findIndex((p) => !p.countType && names.includes(p.name));
  const xyz: [number, number, number] = [find('x'), find('y'), find('z')];
  if (xyz.includes(-1)) throw new PointCloudError('malformedHeader', 'ply vertex without x, y, z');
  const rgb: [number, number, number] = [find('red', 'r', 'diffuse_red'), find('green', 'g', 'diffuse_green'), find('blue', 'b', 'diffuse_blue')];
  const hasRgb = !rgb.includes(-1);
  const colourType = hasRgb ? vertex.properties[rgb[0]]!.type : 'uint16';
  return {
    xyz,
    rgb: hasRgb ? rgb : undefined,
    // 8-bit colours spread over 16 bits as LAS expects; float colours are taken as 0–1.
    colourFactor: colourType === 'uint8' || colourType === 'int8' ? 257 : colourType.startsWith('float') ? 65535 : 1,
    intensity: find('intensity', 'scalar_intensity'),
    classification: find('classification', 'scalar_classification'),
  };
}

const truncated = () => new PointCloudError('truncated', 'ply body ends early');

class BatchBuilder {
  readonly batch: PointBatch;
  count = 0;

  constructor(size: number, private readonly layout: VertexLayout) {
    this.batch = {
      count: 0,
      positions: new Float64Array(size * 3),
      rgb: layout.rgb ? new Uint16Array(size * 3) : undefined,
      intensity: layout.intensity >= 0 ? new Uint16Array(size) : undefined,
      classification: layout.classification >= 0 ? new Uint8Array(size) : undefined,
    };
  }

  /** Adds the record as a point, unless a coordinate is NaN or infinite (it would poison bounds). */
  add(values: Float64Array): void {
    const { layout, batch } = this;
    const x = values[layout.xyz[0]]!;
    const y = values[layout.xyz[1]]!;
    const z = values[layout.xyz[2]]!;
    if (!isFinite(x) || !isFinite(y) || !isFinite(z)) return;
    const i = this.count++;
    batch.positions[i * 3] = x;
    batch.positions[i * 3 + 1] = y;
    batch.positions[i * 3 + 2] = z;
    if (batch.rgb && layout.rgb) {
      // Typed arrays clamp nothing: clamp here so odd files cannot wrap around.
      for (let c = 0; c < 3; c++) batch.rgb[i * 3 + c] = clamp(values[layout.rgb[c]!]! * layout.colourFactor, 65535);
    }
    if (batch.intensity) batch.intensity[i] = clamp(values[layout.intensity]!, 65535);
    if (batch.classification) batch.classification[i] = clamp(values[layout.classification]!, 255);
  }

  /** The batch, its arrays cut to the points kept. */
  finish(): PointBatch {
    const { batch, count } = this;
    return {
      count,
      positions: batch.positions.subarray(0, count * 3),
      rgb: batch.rgb?.subarray(0, count * 3),
      intensity: batch.intensity?.subarray(0, count),
      classification: batch.classification?.subarray(0, count),
    };
  }
}

// Held in a module constant: a global lookup per point is slow inside a vm context (Jest).
const { round } = Math;
const { isFinite } = Number;
const clamp = (value: number, max: number) => (value > 0 ? (value < max ? round(value) : max) : 0);

async function* readVertices(bytes: ByteSource, ply: PlyHeader, vertexIndex: number, layout: VertexLayout, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  const reader = new SequentialReader(bytes, ply.bodyStart);
  const vertex = ply.elements[vertexIndex]!;
  if (ply.format === 'ascii') {
    yield* readAsciiVertices(reader, ply.elements.slice(0, vertexIndex), vertex, layout, signal);
  } else {
    yield* readBinaryVertices(reader, ply.format === 'binary_little_endian', ply.elements.slice(0, vertexIndex), vertex, layout, signal);
  }
}

async function* readBinaryVertices(reader: SequentialReader, littleEndian: boolean, before: PlyElement[], vertex: PlyElement, layout: VertexLayout, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  for (const element of before) {
    const fixed = fixedRecordSize(element.properties);
    if (fixed !== undefined) {
      if (!reader.skip(fixed * element.count)) throw truncated();
      continue;
    }
    await readBinaryRecords(reader, element.properties, littleEndian, element.count, () => {});
  }

  let left = vertex.count;
  while (left > 0) {
    if (signal?.aborted) return;
    const records = Math.min(left, BATCH_SIZE);
    const builder = new BatchBuilder(records, layout);
    await readBinaryRecords(reader, vertex.properties, littleEndian, records, (record) => builder.add(record));
    left -= records;
    if (builder.count > 0) yield builder.finish();
  }
}

function fixedRecordSize(properties: PlyProperty[]): number | undefined {
  if (properties.some((p) => p.countType)) return undefined;
  return properties.reduce((sum, p) => sum + TYPE_SIZES[p.type], 0);
}

/**
 * Decodes `count` records, handing each to `onRecord` (list properties read as NaN). Decoding is
 * synchronous; it waits only when the buffered window ends inside a record.
 */
async function readBinaryRecords(reader: SequentialReader, properties: PlyProperty[], littleEndian: boolean, count: number, onRecord: (values: Float64Array) => void): Promise<void> {
  const values = new Float64Array(properties.length);
  for (let done = 0; done < count; ) {
    const length = decodeBinaryRecord(reader.bytes, reader.position, properties, littleEndian, values);
    if (length < 0) {
      if (!(await reader.more())) throw truncated();
      continue;
    }
    reader.skip(length);
    onRecord(values);
    done++;
  }
}

// One DataView per buffer, not per record: the buffer changes only when the reader loads more.
let viewCache: { bytes: Uint8Array; view: DataView } | undefined;

/** The record's length in bytes, or −1 when the buffer ends inside it. */
function decodeBinaryRecord(bytes: Uint8Array, start: number, properties: PlyProperty[], littleEndian: boolean, values: Float64Array): number {
  if (viewCache?.bytes !== bytes) viewCache = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  const view = viewCache.view;
  let at = start;
  for (let p = 0; p < properties.length; p++) {
    const property = properties[p]!;
    if (property.countType) {
      if (at + TYPE_SIZES[property.countType] > bytes.length) return -1;
      const count = readScalar(view, at, property.countType, littleEndian);
      at += TYPE_SIZES[property.countType] + count * TYPE_SIZES[property.type];
      values[p] = NaN;
      continue;
    }
    if (at + TYPE_SIZES[property.type] > bytes.length) return -1;
    values[p] = readScalar(view, at, property.type, littleEndian);
    at += TYPE_SIZES[property.type];
  }
  return at > bytes.length ? -1 : at - start;
}

function readScalar(view: DataView, at: number, type: PlyScalarType, littleEndian: boolean): number {
  switch (type) {
    case 'int8': return view.getInt8(at);
    case 'uint8': return view.getUint8(at);
    case 'int16': return view.getInt16(at, littleEndian);
    case 'uint16': return view.getUint16(at, littleEndian);
    case 'int32': return view.getInt32(at, littleEndian);
    case 'uint32': return view.getUint32(at, littleEndian);
    case 'float32': return view.getFloat32(at, littleEndian);
    case 'float64': return view.getFloat64(at, littleEndian);
  }
}

async function* readAsciiVertices(reader: SequentialReader, before: PlyElement[], vertex: PlyElement, layout: VertexLayout, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  const lines = new AsciiLines(reader);
  // Waits only when the buffered window of lines runs out, not once per line.
  const nextLine = async () => {
    for (;;) {
      const line = lines.take();
      if (line !== undefined) return line;
      if (!(await lines.fill())) throw truncated();
    }
  };
  for (const element of before) {
    for (let i = 0; i < element.count; i++) await nextLine();
  }

  const values = new Float64Array(vertex.properties.length);
  let left = vertex.count;
  while (left > 0) {
    if (signal?.aborted) return;
    const records = Math.min(left, BATCH_SIZE);
    const builder = new BatchBuilder(records, layout);
    for (let done = 0; done < records; ) {
      const line = lines.take();
      if (line === undefined) {
        if (!(await lines.fill())) throw truncated();
        continue;
      }
      decodeAsciiRecord(line, vertex.properties, values);
      builder.add(values);
      done++;
    }
    left -= records;
    if (builder.count > 0) yield builder.finish();
  }
}

const NOT_A_NUMBER = /^[+-]?(nan|inf|infinity)$/i;

function decodeAsciiRecord(line: string, properties: PlyProperty[], values: Float64Array): void {
  const words = line.trim().split(/\s+/);
  let at = 0;
  for (let p = 0; p < properties.length; p++) {
    const word = words[at++];
    const value = word === undefined ? NaN : Number(word);
    // "nan" and "inf" are values (the point is then left out); anything else unreadable is not.
    if (Number.isNaN(value) && !NOT_A_NUMBER.test(word ?? '')) throw truncated();
    if (properties[p]!.countType) {
      at += value;
      values[p] = NaN;
    } else {
      values[p] = value;
    }
  }
  if (at > words.length) throw truncated();
}

/** The body's non-empty lines, decoded a window at a time (a line may span windows). */
class AsciiLines {
  private readonly decoder = new TextDecoder('latin1');
  private lines: string[] = [];
  private next = 0;
  private carry = '';
  private ended = false;

  constructor(private readonly reader: SequentialReader) {}

  /** The next buffered line, or undefined when `fill` must load more. */
  take(): string | undefined {
    while (this.next < this.lines.length) {
      const line = this.lines[this.next++]!;
      if (line.trim() !== '') return line;
    }
    return undefined;
  }

  /** Loads the next window of lines; false at the end of the file. */
  async fill(): Promise<boolean> {
    if (this.ended) return false;
    const { reader } = this;
    if (reader.available === 0 && !(await reader.more())) {
      this.ended = true;
      this.lines = [this.carry];
      this.next = 0;
      return this.carry.trim() !== '';
    }
    const text = this.carry + this.decoder.decode(reader.bytes.subarray(reader.position));
    reader.skip(reader.available);
    this.lines = text.split('\n');
    this.carry = this.lines.pop()!;
    this.next = 0;
    return true;
  }
}
