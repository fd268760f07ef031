import { PointCloudError } from '../types';
import { type XmlElement } from './xml';

/** How one prototype field is stored in its bytestream. */
export type FieldCodec =
  | { kind: 'integer'; minimum: number; maximum: number; scale: number; offset: number }
  | { kind: 'float'; bytes: 4 | 8; minimum?: number; maximum?: number }
  | { kind: 'other' };

export interface PrototypeField {
  /** Path inside the prototype, e.g. "cartesianX". */
  name: string;
  /** Bytestream number: the field's position among the prototype's terminals, depth first. */
  stream: number;
  codec: FieldCodec;
}

export interface Scan {
  /** Physical offset of the compressed vector's binary section. */
  fileOffset: number;
  recordCount: number;
  fields: PrototypeField[];
  /** Rotation quaternion (w, x, y, z) and translation, applied to every point. */
  rotation: [number, number, number, number];
  translation: [number, number, number];
  /** Per channel (red, green, blue), when the scan declares colorLimits. */
  colourLimits?: [Limits, Limits, Limits];
  intensityLimits?: Limits;
}

export interface Limits {
  minimum: number;
  maximum: number;
}

const malformed = (why: string) => new PointCloudError('malformedHeader', why);

const child = (element: XmlElement | undefined, name: string) => element?.children.find((c) => c.name === name);

function number(text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text.trim());
  if (!Number.isFinite(value)) throw malformed('e57 number');
  return value;
}

const value = (element: XmlElement | undefined, name: string, fallback: number) => number(child(element, name)?.text, fallback);

export function readScans(root: XmlElement): Scan[] {
  if (root.name !== 'e57Root') throw malformed('e57 root element');
  const data3D = child(root, 'data3D');
  return (data3D?.children ?? []).map(readScan);
}

/** The E57 coordinateMetadata string (WKT, "EPSG:nnnn" or similar), when the file has one. */
export function coordinateMetadata(root: XmlElement): string | undefined {
  const text = child(root, 'coordinateMetadata')?.text.trim();
  return text ? text : undefined;
}

function readScan(scan: XmlElement): Scan {
  const points = child(scan, 'points');
  const prototype = child(points, 'prototype');
  if (!points || points.attributes.type !== 'CompressedVector' || !prototype) throw malformed('e57 scan without points');
  const fileOffset = number(points.attributes.fileOffset, NaN);
  const recordCount = number(points.attributes.recordCount, NaN);
  if (!Number.isSafeInteger(fileOffset) || !Number.isSafeInteger(recordCount) || fileOffset < 0 || recordCount < 0) throw malformed('e57 points section');

  const fields: PrototypeField[] = [];
  const walk = (element: XmlElement, path: string) => {
    for (const field of element.children) {
      const name = path ? `${path}/${field.name}` : field.name;
      if (field.attributes.type === 'Structure' || field.attributes.type === 'Vector') walk(field, name);
      else fields.push({ name, stream: fields.length, codec: readCodec(field) });
    }
  };
  walk(prototype, '');

  const pose = child(scan, 'pose');
  const rotation = child(pose, 'rotation');
  const translation = child(pose, 'translation');
  const colours = child(scan, 'colorLimits');
  const intensities = child(scan, 'intensityLimits');
  return {
    fileOffset,
    recordCount,
    fields,
    rotation: [value(rotation, 'w', 1), value(rotation, 'x', 0), value(rotation, 'y', 0), value(rotation, 'z', 0)],
    translation: [value(translation, 'x', 0), value(translation, 'y', 0), value(translation, 'z', 0)],
    colourLimits: colours
      ? (['Red', 'Green', 'Blue'].map((channel) => ({ minimum: value(colours, `color${channel}Minimum`, 0), maximum: value(colours, `color${channel}Maximum`, 255) })) as Scan['colourLimits'])
      : undefined,
    intensityLimits: intensities ? { minimum: value(intensities, 'intensityMinimum', 0), maximum: value(intensities, 'intensityMaximum', 1) } : undefined,
  };
}

function readCodec(field: XmlElement): FieldCodec {
  const a = field.attributes;
  switch (a.type) {
    case 'Integer':
    case 'ScaledInteger': {
      const minimum = number(a.minimum, -(2 ** 63));
      const maximum = number(a.maximum, 2 ** 63 - 1);
      if (maximum < minimum) throw malformed('e57 integer limits');
      return { kind: 'integer', minimum, maximum, scale: number(a.scale, 1), offset: number(a.offset, 0) };
    }
    case 'Float':
      return { kind: 'float', bytes: a.precision === 'single' ? 4 : 8, minimum: a.minimum ? number(a.minimum, 0) : undefined, maximum: a.maximum ? number(a.maximum, 0) : undefined };
    default:
      return { kind: 'other' };
  }
}
