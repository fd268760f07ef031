import type { PolygonGeometry, Position } from './types';

/**
 * Radius used for areas: the WGS84 equatorial radius, as turf's `area` (Chamberlain & Duquette,
 * "Some algorithms for polygons on a sphere", JPL 2007). At German latitudes it lies within
 * 0.1 % of the ellipsoid's local radius of curvature, far below the accuracy of a drawn outline.
 */
export const AREA_EARTH_RADIUS_M = 6_378_137;

/** Radius used for distances: the mean earth radius, as turf's haversine `distance`. */
export const DISTANCE_EARTH_RADIUS_M = 6_371_008.8;

/**
 * Default storey height in metres used for facade areas when a building does not state its own.
 * 3.0 m is a typical floor-to-floor height of German residential and office buildings.
 */
export const DEFAULT_STOREY_HEIGHT_M = 3.0;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Signed spherical area of one closed ring in m² (positive for clockwise rings, as in turf). */
function ringArea(ring: readonly Position[]): number {
  const n = ring.length;
  if (n < 4) return 0;
  let total = 0;
  // The ring is closed (last = first), so the n - 1 edges are (i, i + 1).
  for (let i = 0; i < n - 1; i++) {
    const lower = ring[i === 0 ? n - 2 : i - 1]!;
    const middle = ring[i]!;
    const upper = ring[i + 1]!;
    total += (rad(upper[0]) - rad(lower[0])) * Math.sin(rad(middle[1]));
  }
  return (total * AREA_EARTH_RADIUS_M * AREA_EARTH_RADIUS_M) / 2;
}

/** Geodesic ground area of a polygon in m²: outline minus holes. */
export function groundArea(polygon: PolygonGeometry): number {
  const [outline, ...holes] = polygon.coordinates;
  if (!outline) return 0;
  return holes.reduce((area, hole) => area - Math.abs(ringArea(hole)), Math.abs(ringArea(outline)));
}

/** Great-circle (haversine) distance between two positions in metres. */
export function distance(a: Position, b: Position): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * DISTANCE_EARTH_RADIUS_M * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/**
 * Length of every ring in metres: the outline plus the walls around holes (inner courtyards
 * have facades too).
 */
export function perimeter(polygon: PolygonGeometry): number {
  let total = 0;
  for (const ring of polygon.coordinates) {
    for (let i = 1; i < ring.length; i++) total += distance(ring[i - 1]!, ring[i]!);
  }
  return total;
}

/** Facade area in m²: perimeter × levels × storey height. */
export function facadeArea(perimeterM: number, levels: number, storeyHeightM: number = DEFAULT_STOREY_HEIGHT_M): number {
  return perimeterM * levels * storeyHeightM;
}

export interface BuildingMeasures {
  groundArea: number;
  perimeter: number;
  facadeArea: number;
}

/** Every measure of a building outline, rounded to centimetres / square centimetres. */
export function measureBuilding(
  footprint: PolygonGeometry,
  levels: number,
  storeyHeightM: number = DEFAULT_STOREY_HEIGHT_M,
): BuildingMeasures {
  const p = perimeter(footprint);
  return {
    groundArea: round2(groundArea(footprint)),
    perimeter: round2(p),
    facadeArea: round2(facadeArea(p, levels, storeyHeightM)),
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
