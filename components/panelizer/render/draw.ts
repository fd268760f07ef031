import type { OutlineKind, OpeningKind } from '@/lib/shared/panelizer/document';
import { drawPointImage, type PointImage } from './point-image';
import { toScreen, type ViewTransform, type WorldUV } from './view-transform';

/**
 * The vector layer of each view, drawn every frame over the point image. Shapes of one style go
 * into one path and are stroked once: 2 000 openings cost one fill and one stroke, not 2 000.
 */

export const COLOURS = {
  background: '#1d2127',
  floorLine: '#4fc3f7',
  selected: '#ffca28',
  advice: '#81c784',
  building: '#42a5f5',
  balcony: '#ffa726',
  window: '#4dd0e1',
  door: '#ba68c8',
  draft: '#ffffff',
  elevation: 'rgba(255,255,255,0.35)',
  snap: '#ff5252',
  proposal: '#e040fb',
} as const;

/** Proposals are dashed and magenta: never mistaken for what the user drew. */
function dashed(context: CanvasRenderingContext2D, path: () => void): void {
  context.save();
  context.setLineDash([8, 5]);
  context.strokeStyle = COLOURS.proposal;
  context.lineWidth = 2;
  context.beginPath();
  path();
  context.stroke();
  context.restore();
}

export function clear(context: CanvasRenderingContext2D, width: number, height: number, image: PointImage | null, t: ViewTransform): void {
  context.fillStyle = COLOURS.background;
  context.fillRect(0, 0, width, height);
  if (image) drawPointImage(context, image, t);
}

export interface SectionScene {
  lines: readonly { id: string; z: number }[];
  selectedLineId: string | null;
  /** Where the 60 cm advice puts the selected line, when it applies. */
  advisedZ: number | null;
  /** Proposed floor line heights, not yet accepted. */
  proposed?: readonly number[];
}

export function drawSection(context: CanvasRenderingContext2D, t: ViewTransform, width: number, scene: SectionScene): void {
  context.lineWidth = 1.5;
  context.strokeStyle = COLOURS.floorLine;
  context.beginPath();
  for (const line of scene.lines) {
    if (line.id === scene.selectedLineId) continue;
    const y = Math.round(t.oy - line.z * t.scale) + 0.5;
    context.moveTo(0, y);
    context.lineTo(width, y);
  }
  context.stroke();
  const selected = scene.lines.find((l) => l.id === scene.selectedLineId);
  if (selected) {
    context.lineWidth = 2.5;
    context.strokeStyle = COLOURS.selected;
    context.beginPath();
    const y = t.oy - selected.z * t.scale;
    context.moveTo(0, y);
    context.lineTo(width, y);
    context.stroke();
  }
  if (scene.advisedZ !== null) {
    context.setLineDash([6, 4]);
    context.lineWidth = 1.5;
    context.strokeStyle = COLOURS.advice;
    context.beginPath();
    const y = t.oy - scene.advisedZ * t.scale;
    context.moveTo(0, y);
    context.lineTo(width, y);
    context.stroke();
    context.setLineDash([]);
  }
  if (scene.proposed?.length) {
    dashed(context, () => {
      for (const z of scene.proposed!) {
        const y = t.oy - z * t.scale;
        context.moveTo(0, y);
        context.lineTo(width, y);
      }
    });
  }
}

export interface PlanScene {
  outlines: readonly { id: string; kind: OutlineKind; points: readonly WorldUV[] }[];
  /** Outlines of the floor below, faint, to draw against. */
  ghosts: readonly (readonly WorldUV[])[];
  selectedOutlineId: string | null;
  draft: readonly WorldUV[];
  /** The cursor, snapped, while drawing. */
  cursor: WorldUV | null;
  snapped: boolean;
  /** A proposed outline, not yet accepted. */
  proposed?: readonly WorldUV[] | null;
  /** The corner the arrow keys move. */
  selectedCorner?: WorldUV | null;
}

function polygonPath(context: CanvasRenderingContext2D, t: ViewTransform, points: readonly WorldUV[], close: boolean): void {
  points.forEach((p, i) => {
    const [x, y] = toScreen(t, p);
    if (i === 0) context.moveTo(x, y);
    else context.lineTo(x, y);
  });
  if (close) context.closePath();
}

/** Corners as small squares: thousands of arcs cost a frame, squares on whole pixels almost nothing. */
function vertexDots(context: CanvasRenderingContext2D, t: ViewTransform, points: readonly WorldUV[], radius: number): void {
  context.beginPath();
  const size = Math.round(radius * 2);
  for (const p of points) {
    const [x, y] = toScreen(t, p);
    context.rect(Math.round(x - radius), Math.round(y - radius), size, size);
  }
  context.fill();
}

/** Beyond this many corners on screen, only the selected outline shows its corners: they would hide the lines. */
const MAX_CORNER_DOTS = 2000;

export function drawPlan(context: CanvasRenderingContext2D, t: ViewTransform, scene: PlanScene): void {
  context.lineWidth = 1;
  context.strokeStyle = 'rgba(255,255,255,0.25)';
  context.beginPath();
  for (const ghost of scene.ghosts) polygonPath(context, t, ghost, true);
  context.stroke();
  for (const kind of ['building', 'balcony'] as const) {
    const outlines = scene.outlines.filter((o) => o.kind === kind);
    context.strokeStyle = COLOURS[kind];
    context.fillStyle = kind === 'building' ? 'rgba(66,165,245,0.12)' : 'rgba(255,167,38,0.12)';
    context.lineWidth = 2;
    context.beginPath();
    for (const o of outlines) polygonPath(context, t, o.points, true);
    context.fill();
    context.stroke();
    context.fillStyle = COLOURS[kind];
    const corners = scene.outlines.reduce((n, o) => n + o.points.length, 0);
    for (const o of outlines) if (corners <= MAX_CORNER_DOTS || o.id === scene.selectedOutlineId) vertexDots(context, t, o.points, o.id === scene.selectedOutlineId ? 5 : 3.5);
  }
  const selected = scene.outlines.find((o) => o.id === scene.selectedOutlineId);
  if (selected) {
    context.strokeStyle = COLOURS.selected;
    context.lineWidth = 3;
    context.beginPath();
    polygonPath(context, t, selected.points, true);
    context.stroke();
  }
  if (scene.selectedCorner) {
    context.fillStyle = COLOURS.selected;
    vertexDots(context, t, [scene.selectedCorner], 7);
  }
  if (scene.draft.length > 0) {
    context.strokeStyle = COLOURS.draft;
    context.fillStyle = COLOURS.draft;
    context.lineWidth = 2;
    context.beginPath();
    polygonPath(context, t, scene.cursor ? [...scene.draft, scene.cursor] : scene.draft, false);
    context.stroke();
    vertexDots(context, t, scene.draft, 4);
  }
  if (scene.cursor) {
    context.fillStyle = scene.snapped ? COLOURS.snap : COLOURS.draft;
    vertexDots(context, t, [scene.cursor], scene.snapped ? 5 : 3);
  }
  if (scene.proposed?.length) dashed(context, () => polygonPath(context, t, scene.proposed!, true));
}

/** A rectangle in the facade's plane: u along the facade, v height (local z). */
export interface FacadeRect {
  u: number;
  v: number;
  width: number;
  height: number;
}

export interface FacadeScene {
  elevations: readonly (FacadeRect & { selected: boolean })[];
  openings: readonly (FacadeRect & { id: string; kind: OpeningKind })[];
  selectedOpeningIds: ReadonlySet<string>;
  draft: FacadeRect | null;
  /** Proposed openings, not yet accepted. */
  proposed?: readonly FacadeRect[];
  /** The selected opening's resize handles (u, v). */
  handles?: readonly (readonly [number, number])[];
}

/** On whole pixels (+ 0.5 for a crisp 1 px line): Skia then fills and strokes without anti-aliasing work. */
function rectPath(context: CanvasRenderingContext2D, t: ViewTransform, r: FacadeRect): void {
  const x0 = Math.round(t.ox + r.u * t.scale) + 0.5;
  const x1 = Math.round(t.ox + (r.u + r.width) * t.scale) + 0.5;
  const y0 = Math.round(t.oy - (r.v + r.height) * t.scale) + 0.5;
  const y1 = Math.round(t.oy - r.v * t.scale) + 0.5;
  context.rect(x0, y0, x1 - x0, y1 - y0);
}

export function drawFacade(context: CanvasRenderingContext2D, t: ViewTransform, scene: FacadeScene): void {
  context.lineWidth = 1;
  context.strokeStyle = COLOURS.elevation;
  context.beginPath();
  for (const e of scene.elevations) rectPath(context, t, e);
  context.stroke();
  const selectedElevation = scene.elevations.filter((e) => e.selected);
  if (selectedElevation.length > 0) {
    context.strokeStyle = COLOURS.selected;
    context.lineWidth = 2;
    context.beginPath();
    for (const e of selectedElevation) rectPath(context, t, e);
    context.stroke();
  }
  for (const kind of ['window', 'door'] as const) {
    context.fillStyle = kind === 'window' ? 'rgba(77,208,225,0.3)' : 'rgba(186,104,200,0.3)';
    context.strokeStyle = COLOURS[kind];
    context.lineWidth = 1;
    context.beginPath();
    for (const o of scene.openings) if (o.kind === kind) rectPath(context, t, o);
    context.fill();
    context.stroke();
  }
  if (scene.selectedOpeningIds.size > 0) {
    context.strokeStyle = COLOURS.selected;
    context.lineWidth = 3;
    context.beginPath();
    for (const o of scene.openings) if (scene.selectedOpeningIds.has(o.id)) rectPath(context, t, o);
    context.stroke();
  }
  if (scene.draft) {
    context.setLineDash([5, 3]);
    context.strokeStyle = COLOURS.draft;
    context.lineWidth = 1.5;
    context.beginPath();
    rectPath(context, t, scene.draft);
    context.stroke();
    context.setLineDash([]);
  }
  if (scene.proposed?.length) dashed(context, () => scene.proposed!.forEach((r) => rectPath(context, t, r)));
  if (scene.handles?.length) {
    context.fillStyle = '#fff';
    context.strokeStyle = COLOURS.selected;
    context.lineWidth = 1.5;
    for (const [u, v] of scene.handles) {
      const [x, y] = [Math.round(t.ox + u * t.scale), Math.round(t.oy - v * t.scale)];
      context.fillRect(x - HANDLE_HALF, y - HANDLE_HALF, 2 * HANDLE_HALF, 2 * HANDLE_HALF);
      context.strokeRect(x - HANDLE_HALF + 0.5, y - HANDLE_HALF + 0.5, 2 * HANDLE_HALF - 1, 2 * HANDLE_HALF - 1);
    }
  }
}

/** Half a resize handle's square, in pixels. */
const HANDLE_HALF = 4;
