/**
 * The 3D viewer's saved measurements and annotations as markers in a tour's panoramas (issue 17
 * "appear as markers at their place"). The tour's plan frame is the mission's online point cloud
 * (x east, y north in metres from its lower corner; floor n at n storey heights up, see
 * lib/server/tours/plan-slice.ts), so a panorama stands at the cloud's lower corner + (x, y,
 * floor × storey + camera height), and an item's anchor is seen at the bearing and elevation
 * from there. Only items on the panorama's storey and within reach are shown: no occlusion is
 * known, so a marker through a floor slab or from across the site would mislead. Pure.
 */

export type Vec3 = readonly [number, number, number];

export interface MarkerItem {
  id: number;
  kind: 'distance' | 'height' | 'area' | 'annotation';
  name: string;
  /** Cloud coordinates. */
  points: readonly Vec3[];
  /** An annotation's text. */
  text?: string;
}

export interface MarkerFrame {
  origin: Vec3;
  storeyHeight: number;
}

export interface PanoramaPlace {
  id: number;
  floor: number;
  x: number;
  y: number;
  heading: number;
}

export interface TourMarker {
  id: number;
  kind: MarkerItem['kind'];
  name: string;
  /** The measured value in metres (m² for an area); null for an annotation. */
  value: number | null;
  text: string | null;
  /** Radians in the panorama (0 = its centre, clockwise) and up from the horizon. */
  yaw: number;
  pitch: number;
  distance: number;
}

/** Eye height of a panorama camera on a tripod above its floor. */
export const CAMERA_HEIGHT_M = 1.6;
/** Farther than this, a marker is noise in a room-sized view. */
export const MARKER_REACH_M = 30;

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const length = (v: Vec3) => Math.hypot(v[0], v[1], v[2]);
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Where a marker sits: an annotation at its point, a measurement at the centre of its points. */
export function anchorOf(item: MarkerItem): Vec3 | null {
  if (item.points.length === 0) return null;
  const sum = item.points.reduce<[number, number, number]>((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0]);
  return [sum[0] / item.points.length, sum[1] / item.points.length, sum[2] / item.points.length];
}

/** What the 3D viewer shows for the item: the path length, the height difference, the area. */
export function valueOf(item: MarkerItem): number | null {
  const p = item.points;
  if (item.kind === 'distance') return round(p.slice(1).reduce((sum, q, i) => sum + length(sub(q, p[i]!)), 0));
  if (item.kind === 'height') return p.length === 2 ? round(Math.abs(p[1]![2] - p[0]![2])) : null;
  if (item.kind === 'area') {
    // Newell's normal of the (planar) polygon: its length is twice the area.
    let nx = 0;
    let ny = 0;
    let nz = 0;
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      nx += (a[1] - b[1]) * (a[2] + b[2]);
      ny += (a[2] - b[2]) * (a[0] + b[0]);
      nz += (a[0] - b[0]) * (a[1] + b[1]);
    }
    return round(Math.hypot(nx, ny, nz) / 2);
  }
  return null;
}

/** Each panorama's markers, nearest first. */
export function placeMarkers(panoramas: readonly PanoramaPlace[], items: readonly MarkerItem[], frame: MarkerFrame): Map<number, TourMarker[]> {
  const placed = new Map<number, TourMarker[]>();
  for (const p of panoramas) {
    const base = frame.origin[2] + p.floor * frame.storeyHeight;
    const eye: Vec3 = [frame.origin[0] + p.x, frame.origin[1] + p.y, base + CAMERA_HEIGHT_M];
    const list: TourMarker[] = [];
    for (const item of items) {
      const anchor = anchorOf(item);
      if (!anchor || anchor[2] < base - 0.25 || anchor[2] >= base + frame.storeyHeight) continue;
      const d = sub(anchor, eye);
      const horizontal = Math.hypot(d[0], d[1]);
      const distance = length(d);
      if (distance > MARKER_REACH_M) continue;
      let yaw = Math.atan2(d[0], d[1]) - (p.heading * Math.PI) / 180;
      while (yaw <= -Math.PI) yaw += 2 * Math.PI;
      while (yaw > Math.PI) yaw -= 2 * Math.PI;
      list.push({
        id: item.id, kind: item.kind, name: item.name, value: valueOf(item), text: item.text ?? null,
        yaw: round(yaw, 6), pitch: round(Math.atan2(d[2], horizontal), 6), distance: round(distance),
      });
    }
    placed.set(p.id, list.sort((a, b) => a.distance - b.distance || a.id - b.id));
  }
  return placed;
}
