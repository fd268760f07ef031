import { FLOAT_FORMAT_SCALE, offsetFromFirstBatch } from '../first-batch-offset';
import { type ByteSource, type CoordinateSystem, type PointBatch, PointCloudError, type PointSource } from '../types';
import { readColumns } from './compressed-vector';
import { logicalOffset, PAGE_SIZE, PagedFile } from './paged-file';
import { coordinateMetadata, type Limits, type PrototypeField, readScans, type Scan } from './scans';
import { parseXml } from './xml';

const HEADER_SIZE = 48;
// Real XML sections are kilobytes; a larger one is not worth parsing in memory.
const XML_LIMIT = 64 * 1024 * 1024;
const BATCH_SIZE = 65536;
// Held in a module constant: a global lookup per point is slow inside a vm context (Jest).
const { isFinite } = Number;

const malformed = (why: string) => new PointCloudError('malformedHeader', why);

/**
 * Reads every `data3D` scan of an E57 file as one cloud, each scan moved by its pose. Points whose
 * invalid state is set are left out. E57 stores floats (or scaled integers of any scale), so the
 * header reports scale 0.001 and an offset taken from the first batch.
 */
export async function openE57Source(bytes: ByteSource): Promise<PointSource> {
  const raw = await bytes.read(0, HEADER_SIZE);
  if (raw.length < HEADER_SIZE || new TextDecoder().decode(raw.subarray(0, 8)) !== 'ASTM-E57') throw malformed('e57 signature');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const major = view.getUint32(8, true);
  const minor = view.getUint32(12, true);
  const physicalLength = Number(view.getBigUint64(16, true));
  const xmlOffset = Number(view.getBigUint64(24, true));
  const xmlLength = Number(view.getBigUint64(32, true));
  if (major !== 1 || Number(view.getBigUint64(40, true)) !== PAGE_SIZE || physicalLength % PAGE_SIZE !== 0) throw malformed('e57 version or page size');
  if (xmlLength > XML_LIMIT || xmlOffset + xmlLength > physicalLength) throw malformed('e57 xml section');
  if (bytes.size < physicalLength) throw new PointCloudError('truncated', 'e57 shorter than its header says');

  const file = new PagedFile(bytes, physicalLength);
  // Page 0 holds the header: reading it verifies the header's checksum too.
  await file.read(0, HEADER_SIZE);
  const xml = parseXml(new TextDecoder().decode(await file.read(logicalOffset(xmlOffset), xmlLength)));
  const scans = readScans(xml).map(planScan);
  const declaredPointCount = scans.reduce((sum, scan) => sum + scan.scan.recordCount, 0);
  if (declaredPointCount === 0) throw new PointCloudError('noPoints', 'e57 without points');

  const attributes = { rgb: scans.some((s) => s.rgb), intensity: scans.some((s) => s.intensity), classification: false, returns: false, gpsTime: false };
  const batches = (signal?: AbortSignal) => readPoints(file, scans, attributes, signal);
  const offset = await offsetFromFirstBatch(batches());
  if (!offset) throw new PointCloudError('noPoints', 'e57 without valid points');
  return {
    header: {
      format: 'e57',
      version: `${major}.${minor}`,
      declaredPointCount,
      scale: FLOAT_FORMAT_SCALE,
      offset,
      crs: crsOf(coordinateMetadata(xml)),
      attributes,
    },
    batches,
    close: async () => {},
  };
}

function crsOf(metadata: string | undefined): CoordinateSystem {
  if (!metadata) return { units: 'm' };
  const epsg = /EPSG[":,\s]+(\d{4,6})"?\]*\s*$/i.exec(metadata) ?? /^EPSG:(\d{4,6})$/i.exec(metadata);
  return { wkt: metadata.includes('[') ? metadata : undefined, epsg: epsg ? Number(epsg[1]) : undefined, units: 'm' };
}

/** Which prototype fields a scan's points are built from; positions come first. */
interface ScanPlan {
  scan: Scan;
  spherical: boolean;
  fields: PrototypeField[];
  invalidState: boolean;
  rgb: boolean;
  intensity: boolean;
  colourRanges: [number, number][];
  intensityRange: [number, number];
}

function planScan(scan: Scan): ScanPlan {
  const field = (name: string) => scan.fields.find((f) => f.name === name);
  const cartesian = ['cartesianX', 'cartesianY', 'cartesianZ'].map(field);
  const spherical = ['sphericalRange', 'sphericalAzimuth', 'sphericalElevation'].map(field);
  const useSpherical = cartesian.includes(undefined);
  const position = useSpherical ? spherical : cartesian;
  if (position.includes(undefined)) throw malformed('e57 points without coordinates');
  const invalid = field(useSpherical ? 'sphericalInvalidState' : 'cartesianInvalidState');
  const colours = ['colorRed', 'colorGreen', 'colorBlue'].map(field);
  const rgb = !colours.includes(undefined);
  const intensity = field('intensity');
  const fields = [...position, ...(invalid ? [invalid] : []), ...(rgb ? colours : []), ...(intensity ? [intensity] : [])] as PrototypeField[];
  return {
    scan,
    spherical: useSpherical,
    fields,
    invalidState: invalid !== undefined,
    rgb,
    intensity: intensity !== undefined,
    colourRanges: colours.map((colour, c) => range(scan.colourLimits?.[c], colour)),
    intensityRange: range(scan.intensityLimits, intensity),
  };
}

/** The limits the file declares, else the field's own minimum and maximum, else 0–1 for floats. */
function range(limits: Limits | undefined, field: PrototypeField | undefined): [number, number] {
  if (limits && limits.maximum > limits.minimum) return [limits.minimum, limits.maximum];
  const codec = field?.codec;
  if (codec?.kind === 'integer') return [codec.minimum * codec.scale + codec.offset, codec.maximum * codec.scale + codec.offset];
  if (codec?.kind === 'float' && codec.minimum !== undefined && codec.maximum !== undefined && codec.maximum > codec.minimum) return [codec.minimum, codec.maximum];
  return [0, 1];
}

async function* readPoints(file: PagedFile, plans: ScanPlan[], attributes: { rgb: boolean; intensity: boolean }, signal?: AbortSignal): AsyncGenerator<PointBatch> {
  let batch = newBatch(attributes);
  for (const plan of plans) {
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8, tx, ty, tz] = poseMatrix(plan.scan);
    for await (const columns of readColumns(file, plan.scan, plan.fields)) {
      if (signal?.aborted) return;
      const [a, b, c] = columns as [Float64Array, Float64Array, Float64Array];
      let next = 3;
      const invalid = plan.invalidState ? columns[next++] : undefined;
      const colours = plan.rgb ? [columns[next++]!, columns[next++]!, columns[next++]!] : undefined;
      const intensity = plan.intensity ? columns[next++] : undefined;
      for (let r = 0; r < a.length; r++) {
        if (invalid && invalid[r] !== 0) continue;
        let x = a[r]!;
        let y = b[r]!;
        let z = c[r]!;
        if (plan.spherical) {
          const horizontal = a[r]! * Math.cos(c[r]!);
          x = horizontal * Math.cos(b[r]!);
          y = horizontal * Math.sin(b[r]!);
          z = a[r]! * Math.sin(c[r]!);
        }
        // A NaN or infinite coordinate would poison every bound computed downstream.
        if (!isFinite(x) || !isFinite(y) || !isFinite(z)) continue;
        const i = batch.count++;
        batch.positions[i * 3] = m0 * x + m1 * y + m2 * z + tx;
        batch.positions[i * 3 + 1] = m3 * x + m4 * y + m5 * z + ty;
        batch.positions[i * 3 + 2] = m6 * x + m7 * y + m8 * z + tz;
        if (batch.rgb && colours) {
          for (let k = 0; k < 3; k++) batch.rgb[i * 3 + k] = toSixteenBits(colours[k]![r]!, plan.colourRanges[k]!);
        }
        if (batch.intensity && intensity) batch.intensity[i] = toSixteenBits(intensity[r]!, plan.intensityRange);
        if (batch.count === BATCH_SIZE) {
          yield batch;
          batch = newBatch(attributes);
        }
      }
    }
  }
  if (batch.count > 0) yield trim(batch);
}

function toSixteenBits(value: number, [minimum, maximum]: [number, number]): number {
  const unit = (value - minimum) / (maximum - minimum);
  return unit > 0 ? (unit < 1 ? Math.round(unit * 65535) : 65535) : 0;
}

/** Row-major rotation (9 numbers) from the unit quaternion, then the translation (3). */
type Pose = [number, number, number, number, number, number, number, number, number, number, number, number];

function poseMatrix({ rotation: [w, x, y, z], translation }: Scan): Pose {
  const norm = Math.hypot(w, x, y, z) || 1;
  [w, x, y, z] = [w / norm, x / norm, y / norm, z / norm];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
    ...translation,
  ];
}

function newBatch(attributes: { rgb: boolean; intensity: boolean }): PointBatch {
  // Filled with zeros, so a scan without colours in a file where others have them is black.
  return {
    count: 0,
    positions: new Float64Array(BATCH_SIZE * 3),
    rgb: attributes.rgb ? new Uint16Array(BATCH_SIZE * 3) : undefined,
    intensity: attributes.intensity ? new Uint16Array(BATCH_SIZE) : undefined,
  };
}

function trim(batch: PointBatch): PointBatch {
  return {
    count: batch.count,
    positions: batch.positions.slice(0, batch.count * 3),
    rgb: batch.rgb?.slice(0, batch.count * 3),
    intensity: batch.intensity?.slice(0, batch.count),
  };
}
