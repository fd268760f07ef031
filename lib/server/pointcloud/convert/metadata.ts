/*
 * metadata.json as PotreeConverter 2 writes it and potree-core 2.0.15 reads it. The attribute
 * list must match the node payload order in encode.ts.
 */
import type { Bounds, CoordinateSystem } from '../types';
import type { Quantization } from './grid';
import type { AttributeFlags } from './point-set';
import type { CloudStats } from './stats';
import { STEP_SIZE } from './hierarchy';

interface AttributeEntry {
  name: string;
  description: string;
  size: number;
  numElements: number;
  elementSize: number;
  type: string;
  min: number[];
  max: number[];
  scale: number[];
  offset: number[];
}

function scalar(name: string, type: 'uint8' | 'uint16' | 'double', size: number, range: [number, number]): AttributeEntry {
  const [min, max] = Number.isFinite(range[0]) ? range : [0, 0];
  return { name, description: '', size, numElements: 1, elementSize: size, type, min: [min], max: [max], scale: [1], offset: [0] };
}

export interface MetadataInput {
  name: string;
  points: number;
  q: Quantization;
  cubeSize: number;
  spacing: number;
  tight: Bounds;
  flags: AttributeFlags;
  stats: CloudStats;
  crs?: CoordinateSystem;
  hierarchy: { firstChunkSize: number; depth: number };
}

export function buildMetadata(input: MetadataInput): Record<string, unknown> {
  const { flags, stats, q } = input;
  const attributes: AttributeEntry[] = [
    { name: 'position', description: '', size: 12, numElements: 3, elementSize: 4, type: 'int32', min: input.tight.min, max: input.tight.max, scale: [1, 1, 1], offset: [0, 0, 0] },
  ];
  if (flags.intensity) attributes.push(scalar('intensity', 'uint16', 2, stats.intensity));
  if (flags.returns) {
    attributes.push(scalar('return number', 'uint8', 1, stats.returnNumber));
    attributes.push(scalar('number of returns', 'uint8', 1, stats.numberOfReturns));
  }
  if (flags.classification) attributes.push(scalar('classification', 'uint8', 1, stats.classification));
  if (flags.gpsTime) attributes.push(scalar('gps-time', 'double', 8, stats.gpsTime));
  if (flags.rgb) {
    const finite = stats.rgb.every(Number.isFinite);
    attributes.push({
      name: 'rgb', description: '', size: 6, numElements: 3, elementSize: 2, type: 'uint16',
      min: finite ? stats.rgb.slice(0, 3) : [0, 0, 0], max: finite ? stats.rgb.slice(3) : [0, 0, 0], scale: [1, 1, 1], offset: [0, 0, 0],
    });
  }
  const min = q.offset;
  return {
    version: '2.0',
    name: input.name,
    description: '',
    points: input.points,
    projection: input.crs?.wkt ?? '',
    // Not read by Potree; kept for our own tools.
    crs: input.crs ? { epsg: input.crs.epsg ?? null, units: input.crs.units } : null,
    hierarchy: { firstChunkSize: input.hierarchy.firstChunkSize, stepSize: STEP_SIZE, depth: input.hierarchy.depth },
    offset: q.offset,
    scale: q.scale,
    spacing: input.spacing,
    boundingBox: { min, max: [min[0] + input.cubeSize, min[1] + input.cubeSize, min[2] + input.cubeSize] },
    encoding: 'BROTLI',
    attributes,
  };
}
