import type { Point3 } from '../measurements/maths';
import type { Size3 } from './volumes';

/*
 * The drag gizmo of a clip box or slice (issue 16 tools): handles to move it over the ground plane,
 * resize it by a face and turn it about the vertical. Pure maths on boxes and pointer rays, in the
 * cloud's coordinates (doubles: projected coordinates keep their millimetres).
 */

export interface Box {
  centre: Point3;
  size: Size3;
  /** Radians about the vertical. */
  rotation: number;
}

export type FaceHandle = '+x' | '-x' | '+y' | '-y' | '+z' | '-z';
export type HandleId = 'move' | 'turn' | FaceHandle;
export const FACE_HANDLES: readonly FaceHandle[] = ['+x', '-x', '+y', '-y', '+z', '-z'];

/** A pointer's ray into the scene: where it starts and its direction (need not be unit length). */
export interface Ray {
  origin: Point3;
  direction: Point3;
}

/** The smallest side a drag leaves (cloud units): a face dragged past the opposite one stops there. */
export const MIN_SIDE = 0.01;

const AXIS_INDEX = { x: 0, y: 1, z: 2 } as const;

/** The box's own axis as a unit vector in the cloud (x and y turned by the rotation, z up). */
export function boxAxis(rotation: number, axis: 'x' | 'y' | 'z'): Point3 {
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  return axis === 'x' ? [c, s, 0] : axis === 'y' ? [-s, c, 0] : [0, 0, 1];
}

const add = (p: Point3, v: Point3, k = 1): Point3 => [p[0] + v[0] * k, p[1] + v[1] * k, p[2] + v[2] * k];
const sub = (a: Point3, b: Point3): Point3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Point3, b: Point3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Where each handle sits: the centre (move), each face's centre, and the turn handle beyond a top corner. */
export function handlePositions(box: Box): Record<HandleId, Point3> {
  const { centre, size, rotation } = box;
  const x = boxAxis(rotation, 'x');
  const y = boxAxis(rotation, 'y');
  const z = boxAxis(rotation, 'z');
  const margin = 0.15 * Math.max(size[0], size[1]);
  return {
    move: centre,
    turn: add(add(add(centre, x, size[0] / 2 + margin), y, size[1] / 2 + margin), z, size[2] / 2),
    '+x': add(centre, x, size[0] / 2),
    '-x': add(centre, x, -size[0] / 2),
    '+y': add(centre, y, size[1] / 2),
    '-y': add(centre, y, -size[1] / 2),
    '+z': add(centre, z, size[2] / 2),
    '-z': add(centre, z, -size[2] / 2),
  };
}

/** Where the ray meets the horizontal plane at height z; null when it runs parallel or points away. */
export function rayAtHeight(ray: Ray, z: number): Point3 | null {
  const dz = ray.direction[2];
  if (Math.abs(dz) < 1e-9) return null;
  const s = (z - ray.origin[2]) / dz;
  if (s < 0) return null;
  return add(ray.origin, ray.direction, s);
}

/**
 * The parameter t of the point on the line `point + t·axis` (axis a unit vector) closest to the
 * ray; null when the ray runs (nearly) along the line, where a drag along it is undefined.
 */
export function closestOnAxis(ray: Ray, point: Point3, axis: Point3): number | null {
  const d = ray.direction;
  const w = sub(point, ray.origin);
  const b = dot(axis, d);
  const c = dot(d, d);
  const denom = c - b * b;
  if (denom < 1e-9 * c) return null;
  return (b * dot(d, w) - c * dot(axis, w)) / denom;
}

/** An angle brought into (-π, π]. */
export function normaliseAngle(a: number): number {
  const turned = a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
  return turned === -Math.PI ? Math.PI : turned;
}

/**
 * The box after dragging a handle from where the pointer's ray was at the press (`from`) to where
 * it is now (`to`): move shifts the centre over the horizontal plane through the centre; a face
 * moves along its axis while the opposite face stays put (at least MIN_SIDE apart); turn rotates
 * about the vertical through the centre by the angle the pointer swept on that plane. When the
 * pointer's rays give no answer (parallel to the plane or the axis), the box stays as it was.
 */
export function dragBox(box: Box, handle: HandleId, from: Ray, to: Ray): Box {
  const { centre, size, rotation } = box;
  if (handle === 'move') {
    const a = rayAtHeight(from, centre[2]);
    const b = rayAtHeight(to, centre[2]);
    if (!a || !b) return box;
    return { ...box, centre: [centre[0] + b[0] - a[0], centre[1] + b[1] - a[1], centre[2]] };
  }
  if (handle === 'turn') {
    const a = rayAtHeight(from, centre[2]);
    const b = rayAtHeight(to, centre[2]);
    if (!a || !b) return box;
    const angle = (p: Point3) => Math.atan2(p[1] - centre[1], p[0] - centre[0]);
    return { ...box, rotation: normaliseAngle(rotation + angle(b) - angle(a)) };
  }
  const sign = handle[0] === '+' ? 1 : -1;
  const axisName = handle[1] as 'x' | 'y' | 'z';
  const i = AXIS_INDEX[axisName];
  const axis = boxAxis(rotation, axisName);
  const a = closestOnAxis(from, centre, axis);
  const b = closestOnAxis(to, centre, axis);
  if (a === null || b === null) return box;
  // The dragged face's new place along the axis (from the centre), the opposite face fixed at -sign·size/2.
  const face = sign * (size[i] / 2) + (b - a);
  const opposite = -sign * (size[i] / 2);
  const side = Math.max(sign * (face - opposite), MIN_SIDE);
  const newSize = [...size] as Size3;
  newSize[i] = side;
  const shift = opposite + (sign * side) / 2;
  return { ...box, size: newSize, centre: add(centre, axis, shift) };
}

/** Millimetres, as the typed fields show them: a dragged box keeps no false precision. */
export function roundBox(box: Box): Box {
  const mm = (v: number) => Math.round(v * 1000) / 1000;
  return { centre: [mm(box.centre[0]), mm(box.centre[1]), mm(box.centre[2])], size: box.size.map((v) => Math.max(mm(v), MIN_SIDE)) as Size3, rotation: box.rotation };
}
