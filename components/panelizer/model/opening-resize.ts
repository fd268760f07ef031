/*
 * Resizing an opening by its handles (step 3): a corner moves two sides, an edge one. All in the
 * elevation's own frame: u metres along the edge from its start, v metres above the floor line
 * (an opening's `left` and `bottom`). The sides snap to the other openings' sides and to the
 * elevation's (ctrl turns it off, spec §2), stop at a neighbour instead of running into it, stay
 * inside the elevation and keep a minimum size; the result is rounded to centimetres, as typed
 * values are.
 */
import type { OpeningRect } from './opening-commands';

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
/** Smaller than this an opening is a stray click (the drawing tool's limit too). */
export const MIN_OPENING_M = 0.1;
const SLACK = 1e-6;
const cm = (value: number) => Math.round(value * 100) / 100;

/** Where a handle sits on the rectangle. */
export function handlePoint(rect: OpeningRect, handle: Handle): [number, number] {
  const u = handle.includes('w') ? rect.left : handle.includes('e') ? rect.left + rect.width : rect.left + rect.width / 2;
  const v = handle.includes('s') ? rect.bottom : handle.includes('n') ? rect.bottom + rect.height : rect.bottom + rect.height / 2;
  return [u, v];
}

/**
 * The handle under `p` within `radius` metres: a corner first, else a side anywhere along it
 * (a side is easier to catch than its midpoint's square); null when none.
 */
export function handleAt(rect: OpeningRect, p: [number, number], reach: number): Handle | null {
  // Never more than a third of the opening: on a small (far-off) opening the middle of a side
  // still picks that side, not a corner, and its middle is left for moving it.
  const radius = Math.min(reach, rect.width / 3, rect.height / 3);
  for (const corner of ['nw', 'ne', 'se', 'sw'] as const) {
    const [u, v] = handlePoint(rect, corner);
    if (Math.abs(p[0] - u) <= radius && Math.abs(p[1] - v) <= radius) return corner;
  }
  const [right, top] = [rect.left + rect.width, rect.bottom + rect.height];
  const withinU = p[0] >= rect.left && p[0] <= right;
  const withinV = p[1] >= rect.bottom && p[1] <= top;
  if (withinV && Math.abs(p[0] - rect.left) <= radius) return 'w';
  if (withinV && Math.abs(p[0] - right) <= radius) return 'e';
  if (withinU && Math.abs(p[1] - rect.bottom) <= radius) return 's';
  if (withinU && Math.abs(p[1] - top) <= radius) return 'n';
  return null;
}

export interface ResizeLimits {
  /** The elevation's length and storey height. */
  length: number;
  height: number;
  /** The other openings on the same elevation. */
  others: readonly OpeningRect[];
  /** Snap distance in metres; 0 (ctrl held) for none. */
  snapRadius: number;
}

function snapTo(value: number, targets: readonly number[], radius: number): number {
  let best = value;
  let distance = radius;
  for (const t of targets) {
    if (Math.abs(t - value) <= distance) [best, distance] = [t, Math.abs(t - value)];
  }
  return best;
}

const overlapsSpan = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 - SLACK && b0 < a1 - SLACK;

/** The rectangle after dragging `handle` of `rect` to `p`. */
export function resizeRect(rect: OpeningRect, handle: Handle, p: [number, number], limits: ResizeLimits): OpeningRect {
  const { length, height, others, snapRadius } = limits;
  let [left, right] = [rect.left, rect.left + rect.width];
  let [bottom, top] = [rect.bottom, rect.bottom + rect.height];
  const uTargets = [0, length, ...others.flatMap((o) => [o.left, o.left + o.width])];
  const vTargets = [0, height, ...others.flatMap((o) => [o.bottom, o.bottom + o.height])];
  const snapU = (u: number) => snapTo(u, uTargets, snapRadius);
  const snapV = (v: number) => snapTo(v, vTargets, snapRadius);

  // Sides along u first: the openings beside this one are those sharing its height.
  if (handle.includes('w') || handle.includes('e')) {
    const beside = others.filter((o) => overlapsSpan(bottom, top, o.bottom, o.bottom + o.height));
    if (handle.includes('w')) {
      const stop = Math.max(0, ...beside.filter((o) => o.left + o.width <= rect.left + SLACK).map((o) => o.left + o.width));
      left = Math.min(right - MIN_OPENING_M, Math.max(stop, snapU(p[0])));
    } else {
      const stop = Math.min(length, ...beside.filter((o) => o.left >= right - SLACK).map((o) => o.left));
      right = Math.max(left + MIN_OPENING_M, Math.min(stop, snapU(p[0])));
    }
  }
  // Then along v, against the openings above or below the (possibly widened) span.
  if (handle.includes('s') || handle.includes('n')) {
    const stacked = others.filter((o) => overlapsSpan(left, right, o.left, o.left + o.width));
    if (handle.includes('s')) {
      const stop = Math.max(0, ...stacked.filter((o) => o.bottom + o.height <= rect.bottom + SLACK).map((o) => o.bottom + o.height));
      bottom = Math.min(top - MIN_OPENING_M, Math.max(stop, snapV(p[1])));
    } else {
      const stop = Math.min(height, ...stacked.filter((o) => o.bottom >= top - SLACK).map((o) => o.bottom));
      top = Math.max(bottom + MIN_OPENING_M, Math.min(stop, snapV(p[1])));
    }
  }
  const [l, r, b, t] = [cm(left), cm(right), cm(bottom), cm(top)];
  return { left: l, bottom: b, width: cm(r - l), height: cm(t - b) };
}
