import type { PolygonGeometry, Position } from './types';

/**
 * Local metric offsets ↔ WGS84 degrees around an origin, on the WGS84 ellipsoid (meridional and
 * prime-vertical radii of curvature at the origin's latitude). Exact enough for building-sized
 * shapes (well under a millimetre over 100 m); used to author outlines in metres.
 */
const A = 6_378_137;
const E2 = 0.00669437999014;

export function metresPerDegree(latitude: number): { lat: number; lon: number } {
  const phi = (latitude * Math.PI) / 180;
  const w = Math.sqrt(1 - E2 * Math.sin(phi) ** 2);
  const meridional = (A * (1 - E2)) / w ** 3;
  const primeVertical = A / w;
  return { lat: (meridional * Math.PI) / 180, lon: (primeVertical * Math.cos(phi) * Math.PI) / 180 };
}

/** Converts [east, north] offsets in metres from `origin` into a position. */
export function offsetPosition(origin: Position, east: number, north: number): Position {
  const m = metresPerDegree(origin[1]);
  return [origin[0] + east / m.lon, origin[1] + north / m.lat];
}

/**
 * A polygon from an outline given in metres ([east, north] around the origin), rotated
 * counter-clockwise by `rotationDeg`. The ring is closed for you.
 */
export function polygonFromLocal(origin: Position, outline: ReadonlyArray<readonly [number, number]>, rotationDeg = 0): PolygonGeometry {
  const t = (rotationDeg * Math.PI) / 180;
  const ring = outline.map(([x, y]) => {
    const [lon, lat] = offsetPosition(origin, x * Math.cos(t) - y * Math.sin(t), x * Math.sin(t) + y * Math.cos(t));
    // 1e-8° is about a millimetre: plenty for outlines, and keeps stored GeoJSON short.
    return [round8(lon), round8(lat)] as Position;
  });
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

function round8(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}
