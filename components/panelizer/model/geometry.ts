import type { FloorLine, Opening, Outline, PanelizerDocument, Plan, Vertex } from '@/lib/shared/panelizer/document';
import type { XY } from '@/lib/shared/panelizer/polygon';

/** A storey: from its bottom line to the next line up. Named by the bottom line's id. */
export interface FloorView {
  id: string;
  /** 0 for the bottom floor. */
  index: number;
  bottom: number;
  top: number;
  planId: string;
  name?: string;
}

/** The floors bottom-up, as the floor lines make them (n lines, n − 1 floors). */
export function floorsOf(doc: PanelizerDocument): FloorView[] {
  const byId = new Map(doc.floors.map((f) => [f.id, f]));
  const floors: FloorView[] = [];
  for (let i = 0; i + 1 < doc.floorLines.length; i++) {
    const line = doc.floorLines[i]!;
    const floor = byId.get(line.id);
    if (!floor) continue;
    floors.push({ id: line.id, index: i, bottom: line.z, top: doc.floorLines[i + 1]!.z, planId: floor.planId, name: floor.name });
  }
  return floors;
}

export function floorById(doc: PanelizerDocument, floorId: string): FloorView | undefined {
  return floorsOf(doc).find((f) => f.id === floorId);
}

export function planById(doc: PanelizerDocument, planId: string): Plan | undefined {
  return doc.plans.find((p) => p.id === planId);
}

export function planOfFloor(doc: PanelizerDocument, floorId: string): Plan | undefined {
  const floor = doc.floors.find((f) => f.id === floorId);
  return floor ? planById(doc, floor.planId) : undefined;
}

export const xy = (v: Vertex): XY => [v.x, v.y];

/** The edge named by its start vertex: from that vertex to the next one round the outline. */
export function edgeOf(outline: Outline, edgeId: string): { start: Vertex; end: Vertex; length: number } | undefined {
  const i = outline.points.findIndex((p) => p.id === edgeId);
  if (i < 0) return undefined;
  const start = outline.points[i]!;
  const end = outline.points[(i + 1) % outline.points.length]!;
  return { start, end, length: Math.hypot(end.x - start.x, end.y - start.y) };
}

/** An elevation: one edge of one outline on one floor, a rectangle `length` × `height`. */
export interface ElevationRef {
  floorId: string;
  outlineId: string;
  edgeId: string;
}

export interface ElevationGeometry extends ElevationRef {
  start: Vertex;
  end: Vertex;
  length: number;
  bottom: number;
  height: number;
}

export function elevationGeometry(doc: PanelizerDocument, ref: ElevationRef): ElevationGeometry | undefined {
  const floor = floorById(doc, ref.floorId);
  const outline = floor && planById(doc, floor.planId)?.outlines.find((o) => o.id === ref.outlineId);
  const edge = outline && edgeOf(outline, ref.edgeId);
  if (!floor || !edge) return undefined;
  return { ...ref, start: edge.start, end: edge.end, length: edge.length, bottom: floor.bottom, height: floor.top - floor.bottom };
}

/** Every elevation of the document, floor by floor (bottom up), edge by edge. */
export function elevationsOfDocument(doc: PanelizerDocument): ElevationGeometry[] {
  const list: ElevationGeometry[] = [];
  for (const floor of floorsOf(doc)) {
    for (const outline of planById(doc, floor.planId)?.outlines ?? []) {
      for (const point of outline.points) {
        const elevation = elevationGeometry(doc, { floorId: floor.id, outlineId: outline.id, edgeId: point.id });
        if (elevation) list.push(elevation);
      }
    }
  }
  return list;
}

// The server's tolerance (PANELIZER_TOLERANCE_M): what the editor accepts, the save accepts too.
const SLACK = 1e-6;

/** Whether two openings on the same elevation overlap (touching is fine). */
export function openingsOverlap(a: Opening, b: Opening): boolean {
  if (a.floorId !== b.floorId || a.outlineId !== b.outlineId || a.edgeId !== b.edgeId) return false;
  return !(a.left >= b.left + b.width - SLACK || b.left >= a.left + a.width - SLACK || a.bottom >= b.bottom + b.height - SLACK || b.bottom >= a.bottom + a.height - SLACK);
}

/** Whether the opening lies inside its elevation's rectangle (which must exist). */
export function openingFits(doc: PanelizerDocument, opening: Opening): boolean {
  const elevation = elevationGeometry(doc, opening);
  if (!elevation) return false;
  return (
    opening.left >= -SLACK &&
    opening.bottom >= -SLACK &&
    opening.left + opening.width <= elevation.length + SLACK &&
    opening.bottom + opening.height <= elevation.height + SLACK
  );
}

export function sortedLines(lines: readonly FloorLine[]): FloorLine[] {
  return [...lines].sort((a, b) => a.z - b.z);
}

/** The frame of every outline drawn so far (or a building-sized square): the plan until its slice arrives. */
export function planFrame(doc: PanelizerDocument) {
  const points = doc.plans.flatMap((p) => p.outlines.flatMap((o) => o.points));
  if (points.length === 0) return { uMin: 0, uMax: 30, vMin: 0, vMax: 20 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { uMin: Math.min(...xs) - 2, uMax: Math.max(...xs) + 2, vMin: Math.min(...ys) - 2, vMax: Math.max(...ys) + 2 };
}
