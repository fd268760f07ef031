/** @jest-environment node */
import {
  DEFAULT_STOREY_HEIGHT_M,
  facadeArea,
  groundArea,
  measureBuilding,
  metresPerDegree,
  perimeter,
  polygonFromLocal,
  type PolygonGeometry,
  type Position,
} from '@/lib/shared/geo';

// Marienplatz, Munich.
const munich: Position = [11.5755, 48.1374];

/** A 20 m (east) × 10 m (north) rectangle built from exact WGS84 metres-per-degree at Munich. */
function rectangle(origin: Position, east: number, north: number): PolygonGeometry {
  const m = metresPerDegree(origin[1]);
  const [lon, lat] = origin;
  const dLon = east / m.lon;
  const dLat = north / m.lat;
  return {
    type: 'Polygon',
    coordinates: [[[lon, lat], [lon + dLon, lat], [lon + dLon, lat + dLat], [lon, lat + dLat], [lon, lat]]],
  };
}

describe('ground area and perimeter', () => {
  it('measures a 10 m × 20 m rectangle as 200 m² and 60 m', () => {
    const rect = rectangle(munich, 20, 10);
    // The sphere differs from the ellipsoid by < 0.1 % in area and < 0.3 % east-west here.
    expect(groundArea(rect)).toBeGreaterThan(199.6);
    expect(groundArea(rect)).toBeLessThan(200.4);
    expect(perimeter(rect)).toBeGreaterThan(59.8);
    expect(perimeter(rect)).toBeLessThan(60.2);
  });

  it('does not depend on the winding order', () => {
    const rect = rectangle(munich, 20, 10);
    const reversed: PolygonGeometry = { type: 'Polygon', coordinates: [[...rect.coordinates[0]!].reverse()] };
    expect(groundArea(reversed)).toBeCloseTo(groundArea(rect), 6);
    expect(perimeter(reversed)).toBeCloseTo(perimeter(rect), 6);
  });

  it('subtracts holes (a courtyard) from the ground area and counts their walls in the perimeter', () => {
    const block = polygonFromLocal(munich, [[-20, -20], [20, -20], [20, 20], [-20, 20]]);
    const courtyard = polygonFromLocal(munich, [[-10, -10], [10, -10], [10, 10], [-10, 10]]);
    const withHole: PolygonGeometry = { type: 'Polygon', coordinates: [block.coordinates[0]!, courtyard.coordinates[0]!] };
    expect(groundArea(withHole)).toBeCloseTo(groundArea(block) - groundArea(courtyard), 6);
    expect(groundArea(withHole)).toBeGreaterThan(1198);
    expect(groundArea(withHole)).toBeLessThan(1202);
    expect(perimeter(withHole)).toBeCloseTo(perimeter(block) + perimeter(courtyard), 6);
    expect(perimeter(withHole)).toBeGreaterThan(239.5);
    expect(perimeter(withHole)).toBeLessThan(240.5);
  });

  it('matches an ellipsoidal reference for a real-sized building outline in Munich', () => {
    // A gallery building in the Maxvorstadt (152 m × 36 m with recessed end wings), lon/lat as
    // stored. Reference values: shoelace on the WGS84 ellipsoid's local plane at the centroid
    // (meridional and prime-vertical radii), an independent method: 5183.89 m², 400.03 m.
    const footprint: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [[
        [11.5688549, 48.1482348], [11.5708777, 48.1480446], [11.570889, 48.148098], [11.5708091, 48.1481055],
        [11.570854, 48.1483193], [11.5709339, 48.1483117], [11.5709451, 48.1483652], [11.5689223, 48.1485554],
        [11.568911, 48.148502], [11.5689909, 48.1484945], [11.568946, 48.1482807], [11.5688661, 48.1482883],
        [11.5688549, 48.1482348],
      ]],
    };
    expect(Math.abs(groundArea(footprint) - 5183.89) / 5183.89).toBeLessThan(0.002);
    expect(Math.abs(perimeter(footprint) - 400.03) / 400.03).toBeLessThan(0.003);
  });

  it('returns 0 for degenerate input', () => {
    expect(groundArea({ type: 'Polygon', coordinates: [] })).toBe(0);
    expect(perimeter({ type: 'Polygon', coordinates: [] })).toBe(0);
  });
});

describe('facade area', () => {
  it('is perimeter × levels × storey height, with a default storey height of 3 m', () => {
    expect(DEFAULT_STOREY_HEIGHT_M).toBe(3);
    expect(facadeArea(60, 4)).toBe(720);
    expect(facadeArea(60, 4, 2.5)).toBe(600);
  });

  it('measures a building outline in one call, rounded to centimetres', () => {
    const m = measureBuilding(rectangle(munich, 20, 10), 2);
    expect(m.perimeter).toBeCloseTo(60, 0);
    expect(m.groundArea).toBeCloseTo(200, 0);
    expect(m.facadeArea).toBeCloseTo(m.perimeter * 2 * 3, 1);
  });
});

describe('outlines authored in metres', () => {
  it('keeps their size when rotated', () => {
    const l = [[0, 0], [30, 0], [30, 10], [10, 10], [10, 25], [0, 25]] as const;
    for (const rotation of [0, 33, 90, 147]) {
      const polygon = polygonFromLocal(munich, l, rotation);
      expect(groundArea(polygon)).toBeGreaterThan(449);
      expect(groundArea(polygon)).toBeLessThan(451);
      expect(perimeter(polygon)).toBeGreaterThan(109.6);
      expect(perimeter(polygon)).toBeLessThan(110.2);
    }
  });
});
