/*
 * Bounds and attribute ranges gathered while counting (metadata.json lists each attribute's
 * min and max). Header bounds are never used: these come from the points.
 */
import type { Bounds, PointBatch } from '../types';

export interface CloudStats {
  count: number;
  bounds: Bounds;
  /** [min, max] per scalar attribute; rgb as [min r, g, b, max r, g, b]. */
  intensity: [number, number];
  returnNumber: [number, number];
  numberOfReturns: [number, number];
  classification: [number, number];
  gpsTime: [number, number];
  rgb: [number, number, number, number, number, number];
}

export function emptyStats(): CloudStats {
  return {
    count: 0,
    bounds: { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] },
    intensity: [Infinity, -Infinity],
    returnNumber: [Infinity, -Infinity],
    numberOfReturns: [Infinity, -Infinity],
    classification: [Infinity, -Infinity],
    gpsTime: [Infinity, -Infinity],
    rgb: [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity],
  };
}

function range(into: [number, number], values: ArrayLike<number> | undefined, n: number): void {
  if (!values) return;
  let lo = into[0];
  let hi = into[1];
  for (let i = 0; i < n; i += 1) {
    const v = values[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  into[0] = lo;
  into[1] = hi;
}

export function addBatch(stats: CloudStats, batch: PointBatch): void {
  const n = batch.count;
  const p = batch.positions;
  const { min, max } = stats.bounds;
  let [x0, y0, z0] = min;
  let [x1, y1, z1] = max;
  for (let i = 0; i < n * 3; i += 3) {
    const x = p[i]!;
    const y = p[i + 1]!;
    const z = p[i + 2]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  stats.bounds = { min: [x0, y0, z0], max: [x1, y1, z1] };
  range(stats.intensity, batch.intensity, n);
  range(stats.returnNumber, batch.returnNumber, n);
  range(stats.numberOfReturns, batch.numberOfReturns, n);
  range(stats.classification, batch.classification, n);
  range(stats.gpsTime, batch.gpsTime, n);
  if (batch.rgb) {
    for (let c = 0; c < 3; c += 1) {
      let lo = stats.rgb[c]!;
      let hi = stats.rgb[c + 3]!;
      for (let i = c; i < n * 3; i += 3) {
        const v = batch.rgb[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      stats.rgb[c] = lo;
      stats.rgb[c + 3] = hi;
    }
  }
  stats.count += n;
}

// Stats travel as JSON, where an empty range's infinities became null.
const low = (v: number | null) => v ?? Infinity;
const high = (v: number | null) => v ?? -Infinity;

export function mergeStats(all: CloudStats[]): CloudStats {
  const out = emptyStats();
  const pair = (key: 'intensity' | 'returnNumber' | 'numberOfReturns' | 'classification' | 'gpsTime', s: CloudStats) => {
    out[key] = [Math.min(out[key][0], low(s[key][0])), Math.max(out[key][1], high(s[key][1]))];
  };
  for (const s of all) {
    out.count += s.count;
    for (let a = 0; a < 3; a += 1) {
      out.bounds.min[a] = Math.min(out.bounds.min[a]!, low(s.bounds.min[a]!));
      out.bounds.max[a] = Math.max(out.bounds.max[a]!, high(s.bounds.max[a]!));
      out.rgb[a] = Math.min(out.rgb[a]!, low(s.rgb[a]!));
      out.rgb[a + 3] = Math.max(out.rgb[a + 3]!, high(s.rgb[a + 3]!));
    }
    pair('intensity', s);
    pair('returnNumber', s);
    pair('numberOfReturns', s);
    pair('classification', s);
    pair('gpsTime', s);
  }
  return out;
}
