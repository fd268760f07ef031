import { distance, heightDifference, measuresOf, polygonMeasures, polylineLengths, type Point3 } from '@/lib/shared/measurements/maths';

// Coordinates as the demo cloud has them (EPSG:25832): large eastings and northings.
const E = 691_234.5;
const N = 5_334_567.25;
const at = (x: number, y: number, z: number): Point3 => [E + x, N + y, 300 + z];

describe('distance measurement', () => {
  it('measures each segment of a polyline and the total', () => {
    const { segments, total } = polylineLengths([at(0, 0, 0), at(3, 4, 0), at(3, 4, 12)]);
    expect(segments).toEqual([5, 12]);
    expect(total).toBe(17);
  });

  it('keeps sub-millimetre precision at projected coordinates', () => {
    expect(distance(at(0, 0, 0), at(0.0004, 0, 0))).toBeCloseTo(0.0004, 6);
    expect(distance(at(0, 0, 0), at(1, 2, 2))).toBeCloseTo(3, 9);
  });

  it('is empty with fewer than two points', () => {
    expect(polylineLengths([at(1, 1, 1)])).toEqual({ segments: [], total: 0 });
    expect(polylineLengths([])).toEqual({ segments: [], total: 0 });
  });
});

describe('height measurement', () => {
  it('is the vertical difference from the first point to the second, with the horizontal distance', () => {
    expect(heightDifference(at(0, 0, 0), at(3, 4, 2.5))).toEqual({ height: 2.5, horizontal: 5 });
    expect(heightDifference(at(0, 0, 7), at(0, 0, 1)).height).toBe(-6);
  });
});

describe('area measurement', () => {
  it('measures a horizontal rectangle: area and closed perimeter', () => {
    const { area, perimeter, normal } = polygonMeasures([at(0, 0, 0), at(20, 0, 0), at(20, 10, 0), at(0, 10, 0)]);
    expect(area).toBeCloseTo(200, 6);
    expect(perimeter).toBeCloseTo(60, 6);
    expect(Math.abs(normal[2])).toBeCloseTo(1, 9);
  });

  it('measures a vertical wall in its own plane, not its (zero) footprint', () => {
    const { area, perimeter } = polygonMeasures([at(0, 0, 0), at(6, 8, 0), at(6, 8, 3), at(0, 0, 3)]);
    expect(area).toBeCloseTo(30, 6);
    expect(perimeter).toBeCloseTo(26, 6);
  });

  it('measures a sloped roof face by its true area', () => {
    // 4 m wide, rising 3 m over 4 m horizontally: 5 m along the slope.
    expect(polygonMeasures([at(0, 0, 0), at(4, 0, 0), at(4, 4, 3), at(0, 4, 3)]).area).toBeCloseTo(20, 6);
  });

  it('does not depend on the direction the outline was clicked in', () => {
    const ring = [at(0, 0, 0), at(5, 0, 0), at(5, 5, 0), at(2, 7, 0), at(0, 5, 0)];
    expect(polygonMeasures([...ring].reverse()).area).toBeCloseTo(polygonMeasures(ring).area, 9);
    expect(polygonMeasures(ring).area).toBeCloseTo(25 + 5 * 2 / 2, 6);
  });

  it('projects a slightly uneven outline onto the plane that fits it', () => {
    const uneven = polygonMeasures([at(0, 0, 0), at(10, 0, 0.01), at(10, 10, 0), at(0, 10, 0.01)]).area;
    expect(uneven).toBeCloseTo(100, 2);
  });

  it('has no area with fewer than three points', () => {
    expect(polygonMeasures([at(0, 0, 0), at(3, 4, 0)])).toMatchObject({ area: 0, perimeter: 10 });
  });
});

describe('measures of a saved item', () => {
  it('picks the measures of the kind', () => {
    expect(measuresOf('distance', [at(0, 0, 0), at(0, 0, 2)])).toEqual({ segments: [2], total: 2 });
    expect(measuresOf('height', [at(0, 0, 0), at(0, 0, 2)])).toEqual({ height: 2, horizontal: 0 });
    expect(measuresOf('area', [at(0, 0, 0), at(2, 0, 0), at(2, 2, 0)])).toMatchObject({ area: 2 });
    expect(measuresOf('annotation', [at(0, 0, 0)])).toEqual({});
    expect(measuresOf('slice', [])).toEqual({});
  });
});
