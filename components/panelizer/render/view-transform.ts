/**
 * The camera of a 2D view: world metres (u to the right, v up) to CSS pixels (y down). Kept as
 * a plain value so the page can expose it (`data-view`) and tests click at computed places.
 */
export interface ViewTransform {
  /** Pixels per metre. */
  scale: number;
  /** Screen position of world (0, 0). */
  ox: number;
  oy: number;
}

export type ScreenXY = readonly [number, number];
export type WorldUV = readonly [number, number];

export const toScreen = (t: ViewTransform, [u, v]: WorldUV): ScreenXY => [t.ox + u * t.scale, t.oy - v * t.scale];
export const toWorld = (t: ViewTransform, [x, y]: ScreenXY): WorldUV => [(x - t.ox) / t.scale, (t.oy - y) / t.scale];

export interface Bounds {
  uMin: number;
  uMax: number;
  vMin: number;
  vMax: number;
}

/** The transform that shows `bounds` whole and centred in a `width` × `height` canvas, with a margin. */
export function fit(bounds: Bounds, width: number, height: number, margin = 24): ViewTransform {
  const w = Math.max(bounds.uMax - bounds.uMin, 1);
  const h = Math.max(bounds.vMax - bounds.vMin, 1);
  const scale = Math.max(1e-3, Math.min((width - 2 * margin) / w, (height - 2 * margin) / h));
  const [cu, cv] = [(bounds.uMin + bounds.uMax) / 2, (bounds.vMin + bounds.vMax) / 2];
  return { scale, ox: width / 2 - cu * scale, oy: height / 2 + cv * scale };
}

/** Zooms by `factor` keeping the world point under the cursor where it is (the wheel). */
export function zoomAbout(t: ViewTransform, [x, y]: ScreenXY, factor: number): ViewTransform {
  const scale = Math.min(5000, Math.max(0.5, t.scale * factor));
  const k = scale / t.scale;
  return { scale, ox: x - (x - t.ox) * k, oy: y - (y - t.oy) * k };
}

export const pan = (t: ViewTransform, dx: number, dy: number): ViewTransform => ({ ...t, ox: t.ox + dx, oy: t.oy + dy });

export function unionBounds(...all: (Bounds | null | undefined)[]): Bounds | null {
  const list = all.filter((b): b is Bounds => !!b && Number.isFinite(b.uMin) && b.uMax >= b.uMin);
  if (list.length === 0) return null;
  return {
    uMin: Math.min(...list.map((b) => b.uMin)),
    uMax: Math.max(...list.map((b) => b.uMax)),
    vMin: Math.min(...list.map((b) => b.vMin)),
    vMax: Math.max(...list.map((b) => b.vMax)),
  };
}
