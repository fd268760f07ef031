/**
 * Plane polygon basics shared by the panelizer's editor (refusing a bad outline as it is drawn)
 * and its server (refusing a bad document). A polygon is its points in order, not closed.
 */

export type XY = readonly [number, number];

/** Shoelace area: positive when the points run counter-clockwise. */
export function signedArea(points: readonly XY[]): number {
  let twice = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    twice += (points[j]![0] - points[i]![0]) * (points[j]![1] + points[i]![1]);
  }
  return twice / 2;
}

function orientation(a: XY, b: XY, c: XY): number {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(cross) < 1e-12 ? 0 : Math.sign(cross);
}

function onSegment(a: XY, b: XY, p: XY): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd share any point (touching counts). */
export function segmentsIntersect(a: XY, b: XY, c: XY, d: XY): boolean {
  const [o1, o2, o3, o4] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * Whether the polygon is simple: at least three points, no zero area, no two edges meeting
 * except neighbours at their shared point. O(n²), fine for the few hundred points an outline has.
 */
export function isSimplePolygon(points: readonly XY[]): boolean {
  const n = points.length;
  if (n < 3 || Math.abs(signedArea(points)) < 1e-9) return false;
  for (let i = 0; i < n; i++) {
    const [a, b] = [points[i]!, points[(i + 1) % n]!];
    if (a[0] === b[0] && a[1] === b[1]) return false;
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) continue;
      if (segmentsIntersect(a, b, points[j]!, points[(j + 1) % n]!)) return false;
    }
  }
  return true;
}
