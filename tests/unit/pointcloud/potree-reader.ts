/*
 * A Potree 2.0 BROTLI reader for tests, mirroring potree-core 2.0.15: hierarchy chunks with
 * proxies (OctreeLoader.parseHierarchy) and the node decoder (brotli-decoder.worker.js: Morton
 * positions and colours, the other attributes raw, in metadata order).
 */
import { brotliDecompressSync } from 'node:zlib';

export interface PotreeNode {
  name: string;
  type: number;
  childMask: number;
  numPoints: number;
  byteOffset: number;
  byteSize: number;
}

export interface PotreeMetadata {
  points: number;
  offset: [number, number, number];
  scale: [number, number, number];
  spacing: number;
  boundingBox: { min: [number, number, number]; max: [number, number, number] };
  encoding: string;
  hierarchy: { firstChunkSize: number; stepSize: number; depth: number };
  attributes: { name: string; size: number; numElements: number; elementSize: number; type: string; min: number[]; max: number[] }[];
}

export function readHierarchy(hierarchy: Uint8Array, firstChunkSize: number): PotreeNode[] {
  const view = new DataView(hierarchy.buffer, hierarchy.byteOffset, hierarchy.byteLength);
  const all: PotreeNode[] = [];
  const parse = (rootName: string, offset: number, size: number) => {
    const names = [rootName];
    for (let i = 0; i < size / 22; i += 1) {
      const at = offset + i * 22;
      const node: PotreeNode = {
        name: names[i]!,
        type: view.getUint8(at),
        childMask: view.getUint8(at + 1),
        numPoints: view.getUint32(at + 2, true),
        byteOffset: Number(view.getBigInt64(at + 6, true)),
        byteSize: Number(view.getBigInt64(at + 14, true)),
      };
      if (i > 0 && node.type === 2) {
        parse(node.name, node.byteOffset, node.byteSize);
        continue;
      }
      all.push(node);
      for (let d = 0; d < 8; d += 1) if (node.childMask & (1 << d)) names.push(node.name + d);
    }
  };
  parse('r', 0, firstChunkSize);
  return all;
}

function dealign24b(mortoncode: number): number {
  let x = mortoncode;
  x = ((x & 0b001000001000001000001000) >> 2) | ((x & 0b000001000001000001000001) >> 0);
  x = ((x & 0b000011000000000011000000) >> 4) | ((x & 0b000000000011000000000011) >> 0);
  x = ((x & 0b000000001111000000000000) >> 8) | ((x & 0b000000000000000000001111) >> 0);
  return x;
}

export interface DecodedNode {
  positions: Float64Array;
  attributes: Record<string, number[]>;
}

/** One node's points in world coordinates, decoded exactly as potree-core does. */
export function decodeNode(metadata: PotreeMetadata, octree: Uint8Array, node: PotreeNode): DecodedNode {
  const n = node.numPoints;
  const positions = new Float64Array(n * 3);
  const attributes: Record<string, number[]> = {};
  if (n === 0) return { positions, attributes };
  const raw = brotliDecompressSync(octree.subarray(node.byteOffset, node.byteOffset + node.byteSize));
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let byteOffset = 0;
  for (const attribute of metadata.attributes) {
    if (attribute.name === 'position') {
      for (let j = 0; j < n; j += 1) {
        const mc_0 = view.getUint32(byteOffset + 4, true);
        const mc_1 = view.getUint32(byteOffset + 0, true);
        const mc_2 = view.getUint32(byteOffset + 12, true);
        const mc_3 = view.getUint32(byteOffset + 8, true);
        byteOffset += 16;
        let X = dealign24b((mc_3 & 0x00ffffff) >>> 0) | (dealign24b(((mc_3 >>> 24) | (mc_2 << 8)) >>> 0) << 8);
        let Y = dealign24b((mc_3 & 0x00ffffff) >>> 1) | (dealign24b(((mc_3 >>> 24) | (mc_2 << 8)) >>> 1) << 8);
        let Z = dealign24b((mc_3 & 0x00ffffff) >>> 2) | (dealign24b(((mc_3 >>> 24) | (mc_2 << 8)) >>> 2) << 8);
        if (mc_1 !== 0 || mc_2 !== 0) {
          X = X | (dealign24b((mc_1 & 0x00ffffff) >>> 0) << 16) | (dealign24b(((mc_1 >>> 24) | (mc_0 << 8)) >>> 0) << 24);
          Y = Y | (dealign24b((mc_1 & 0x00ffffff) >>> 1) << 16) | (dealign24b(((mc_1 >>> 24) | (mc_0 << 8)) >>> 1) << 24);
          Z = Z | (dealign24b((mc_1 & 0x00ffffff) >>> 2) << 16) | (dealign24b(((mc_1 >>> 24) | (mc_0 << 8)) >>> 2) << 24);
        }
        positions[j * 3] = X * metadata.scale[0] + metadata.offset[0];
        positions[j * 3 + 1] = Y * metadata.scale[1] + metadata.offset[1];
        positions[j * 3 + 2] = Z * metadata.scale[2] + metadata.offset[2];
      }
    } else if (attribute.name === 'rgb') {
      const values: number[] = [];
      for (let j = 0; j < n; j += 1) {
        const mc_0 = view.getUint32(byteOffset + 4, true);
        const mc_1 = view.getUint32(byteOffset + 0, true);
        byteOffset += 8;
        values.push(dealign24b((mc_1 & 0x00ffffff) >>> 0) | (dealign24b(((mc_1 >>> 24) | (mc_0 << 8)) >>> 0) << 8));
        values.push(dealign24b((mc_1 & 0x00ffffff) >>> 1) | (dealign24b(((mc_1 >>> 24) | (mc_0 << 8)) >>> 1) << 8));
        values.push(dealign24b((mc_1 & 0x00ffffff) >>> 2) | (dealign24b(((mc_1 >>> 24) | (mc_0 << 8)) >>> 2) << 8));
      }
      attributes.rgb = values;
    } else {
      const values: number[] = [];
      for (let j = 0; j < n; j += 1) {
        const at = byteOffset;
        byteOffset += attribute.size;
        if (attribute.type === 'uint8') values.push(view.getUint8(at));
        else if (attribute.type === 'uint16') values.push(view.getUint16(at, true));
        else if (attribute.type === 'double') values.push(view.getFloat64(at, true));
        else throw new Error(`test reader lacks type ${attribute.type}`);
      }
      attributes[attribute.name] = values;
    }
  }
  if (byteOffset !== raw.byteLength) throw new Error(`node ${node.name}: ${raw.byteLength - byteOffset} bytes left after decoding`);
  return { positions, attributes };
}
