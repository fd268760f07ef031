/**
 * The maths of the viewer's measurements, in the point cloud's own coordinates (a projected CRS:
 * x east, y north, z up, all in the CRS's length unit). Shared by the viewer (live labels) and the
 * server (the measures stored items carry into lists, exports and prints), so both read alike.
 *
 * Coordinates of a projected CRS are large (EPSG:25832 northings are about 5.3 million metres);
 * every function works relative to the first point so double precision keeps sub-millimetre
 * results.
 */
export type Point3 = readonly [number, number, number];

const sub = (a: Point3, b: Point3): [number, number, number] => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const length = (v: readonly number[]) => Math.hypot(v[0]!, v[1]!, v[2]!);

/** The straight distance between two points. */
export const distance = (a: Point3, b: Point3): number => length(sub(b, a));

/** A polyline's segment lengths, in order, and their total (0 and [] for fewer than two points). */
export function polylineLengths(points: readonly Point3[]): { segments: number[]; total: number } {
  const segments: number[] = [];
  for (let i = 1; i < points.length; i++) segments.push(distance(points[i - 1]!, points[i]!));
  return { segments, total: segments.reduce((sum, s) => sum + s, 0) };
}

/**
 * A height measurement: the vertical difference from the first to the second point (positive
 * when the second is higher), with the horizontal distance between them as Potree shows it.
 */
export function heightDifference(a: Point3, b: Point3): { height: number; horizontal: number } {
  return { height: b[2] - a[2], horizontal: Math.hypot(b[0] - a[0], b[1] - a[1]) };
}

/**
 * A polygon's area and perimeter. The area is measured in the polygon's best-fit plane: Newell's
 * normal (the sum of the cross products of consecutive vertices) has the length of twice the area
 * for a planar polygon of any orientation — a wall, a roof or a floor alike — and for a slightly
 * non-planar one (picked points are never exactly coplanar) it is the area projected onto the
 * plane that fits it best in that sense. The perimeter closes the ring back to the first point.
 * Fewer than three points: area 0.
 */
export function polygonMeasures(points: readonly Point3[]): { area: number; perimeter: number; normal: [number, number, number] } {
  const n = points.length;
  if (n < 2) return { area: 0, perimeter: 0, normal: [0, 0, 1] };
  const origin = points[0]!;
  const local = points.map((p) => sub(p, origin));
  let nx = 0;
  let ny = 0;
  let nz = 0;
  let perimeter = 0;
  for (let i = 0; i < n; i++) {
    const a = local[i]!;
    const b = local[(i + 1) % n]!;
    nx += (a[1] - b[1]) * (a[2] + b[2]);
    ny += (a[2] - b[2]) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
    perimeter += length(sub(b, a));
  }
  if (n === 2) return { area: 0, perimeter, normal: [0, 0, 1] };
  const twice = Math.hypot(nx, ny, nz);
  const normal: [number, number, number] = twice === 0 ? [0, 0, 1] : [nx / twice, ny / twice, nz / twice];
  return { area: twice / 2, perimeter, normal };
}

/** The measures of a saved item of `kind` from its points (none for annotations, slices and clip boxes). */
export function measuresOf(kind: string, points: readonly Point3[]): {
  segments?: number[]; total?: number; height?: number; horizontal?: number; area?: number; perimeter?: number;
} {
  switch (kind) {
    case 'distance':
      return polylineLengths(points);
    case 'height':
      return points.length === 2 ? heightDifference(points[0]!, points[1]!) : {};
    case 'area': {
      const { area, perimeter } = polygonMeasures(points);
      return { area, perimeter };
    }
    default:
      return {};
  }
}
