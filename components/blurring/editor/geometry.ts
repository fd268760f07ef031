import type { Region, RegionShape } from '@/lib/shared/schemas/blurring';

/*
 * Region geometry in image pixels (the upright original's). Pure: the editor's reducer and its
 * pointer handling use these, and the unit tests pin them.
 */

export type Point = [number, number];

/** A region as the editor holds it: what the server sent, or a new one drawn here. */
export type DraftRegion = Pick<Region, 'id' | 'shape' | 'kind' | 'x' | 'y' | 'width' | 'height'> &
  Partial<Pick<Region, 'points' | 'source' | 'confidence' | 'adjusted'>>;

/** Corner handles of the selected region: n(orth)/s(outh) × w(est)/e(ast). */
export type Handle = 'nw' | 'ne' | 'sw' | 'se';
export const HANDLES: readonly Handle[] = ['nw', 'ne', 'sw', 'se'];

export const MIN_SIZE = 4;

export function boxFrom(a: Point, b: Point) {
  return { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(a[0] - b[0]), height: Math.abs(a[1] - b[1]) };
}

export function clampToImage<R extends DraftRegion>(r: R, width: number, height: number): R {
  const x = Math.min(Math.max(r.x, -r.width + MIN_SIZE), width - MIN_SIZE);
  const y = Math.min(Math.max(r.y, -r.height + MIN_SIZE), height - MIN_SIZE);
  return moveRegion(r, x - r.x, y - r.y);
}

export function moveRegion<R extends DraftRegion>(r: R, dx: number, dy: number): R {
  return { ...r, x: r.x + dx, y: r.y + dy, ...(r.points && { points: r.points.map(([px, py]) => [px + dx, py + dy] as Point) }) };
}

/** Drags one corner to (px, py); the opposite corner stays. A polygon's points scale with its box. */
export function resizeRegion<R extends DraftRegion>(r: R, handle: Handle, px: number, py: number): R {
  const fixedX = handle.endsWith('w') ? r.x + r.width : r.x;
  const fixedY = handle.startsWith('n') ? r.y + r.height : r.y;
  const box = boxFrom([fixedX, fixedY], [px, py]);
  const width = Math.max(MIN_SIZE, box.width);
  const height = Math.max(MIN_SIZE, box.height);
  const next = { ...r, x: box.x, y: box.y, width, height };
  if (!r.points) return next;
  const sx = width / r.width;
  const sy = height / r.height;
  return { ...next, points: r.points.map(([x, y]) => [box.x + (x - r.x) * sx, box.y + (y - r.y) * sy] as Point) };
}

/**
 * A keyboard step on the selected region: moved by (dx, dy) and kept on the image, or with
 * `resize` its right and bottom edges moved (never narrower than MIN_SIZE, so it cannot flip).
 */
export function nudgeRegion<R extends DraftRegion>(r: R, dx: number, dy: number, resize: boolean, image: { width: number; height: number }): R {
  if (!resize) return clampToImage(moveRegion(r, dx, dy), image.width, image.height);
  return resizeRegion(r, 'se', Math.max(r.x + MIN_SIZE, r.x + r.width + dx), Math.max(r.y + MIN_SIZE, r.y + r.height + dy));
}

/**
 * A new region for the keyboard (there is nothing to drag): a square of a fifth of the view's
 * smaller side in the middle of the part of the image in view (`view` in image pixels), or of the
 * whole image when none of it is in view.
 */
export function regionInView(id: string, shape: RegionShape, kind: DraftRegion['kind'], view: ReturnType<typeof boxFrom>, image: { width: number; height: number }): DraftRegion {
  let [x0, y0] = [Math.max(0, view.x), Math.max(0, view.y)];
  let [x1, y1] = [Math.min(image.width, view.x + view.width), Math.min(image.height, view.y + view.height)];
  // (Negated, so a view not measured yet, NaN, counts as none.)
  if (!(x1 - x0 >= MIN_SIZE && y1 - y0 >= MIN_SIZE)) [x0, y0, x1, y1] = [0, 0, image.width, image.height];
  const size = Math.max(MIN_SIZE, Math.min(x1 - x0, y1 - y0) / 5);
  const box = { x: (x0 + x1 - size) / 2, y: (y0 + y1 - size) / 2, width: size, height: size };
  if (shape !== 'polygon') return boxRegion(id, shape, box, kind);
  const [right, bottom] = [box.x + size, box.y + size];
  return polygonRegion(id, [[box.x, box.y], [right, box.y], [right, bottom], [box.x, bottom]], kind);
}

export function handlePoint(r: DraftRegion, handle: Handle): Point {
  return [handle.endsWith('w') ? r.x : r.x + r.width, handle.startsWith('n') ? r.y : r.y + r.height];
}

export function polygonRegion(id: string, points: readonly Point[], kind: DraftRegion['kind']): DraftRegion {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { id, shape: 'polygon', kind, points: [...points], x, y, width: Math.max(1, Math.max(...xs) - x), height: Math.max(1, Math.max(...ys) - y) };
}

export function boxRegion(id: string, shape: Exclude<RegionShape, 'polygon'>, box: ReturnType<typeof boxFrom>, kind: DraftRegion['kind']): DraftRegion {
  return { id, shape, kind, ...box };
}

/** Whether (px, py) is inside the region's shape. */
export function contains(r: DraftRegion, px: number, py: number): boolean {
  if (r.shape === 'rectangle') return px >= r.x && px <= r.x + r.width && py >= r.y && py <= r.y + r.height;
  if (r.shape === 'ellipse') {
    const dx = (px - (r.x + r.width / 2)) / (r.width / 2);
    const dy = (py - (r.y + r.height / 2)) / (r.height / 2);
    return dx * dx + dy * dy <= 1;
  }
  const pts = r.points ?? [];
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** What PUT …/regions takes: geometry and kind; origin facts stay on the server. */
export function toInput(r: DraftRegion) {
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    id: r.id, shape: r.shape, kind: r.kind, x: round(r.x), y: round(r.y), width: Math.max(1, round(r.width)), height: Math.max(1, round(r.height)),
    ...(r.points && { points: r.points.map(([x, y]) => [round(x), round(y)] as Point) }),
  };
}
