import type { OutlineKind, PanelizerDocument } from './document';

/**
 * The elevations list (issue 19 step 3): every edge of every outline of every floor, grouped by
 * facade. Edges on the same line (collinear within FACADE_TOLERANCE) facing the same way form one
 * facade across floors, named by the compass direction of its outward normal (y is north):
 * "South", and "South 2", "South 3" … when more facades face the same way (nearest to the
 * building's inside first, as read along the normal).
 */

export const COMPASS = ['north', 'northEast', 'east', 'southEast', 'south', 'southWest', 'west', 'northWest'] as const;
export type Compass = (typeof COMPASS)[number];
const COMPASS_NAMES: Record<Compass, string> = {
  north: 'North', northEast: 'North-east', east: 'East', southEast: 'South-east', south: 'South', southWest: 'South-west', west: 'West', northWest: 'North-west',
};

/** Collinear means: normals within about 1°, lines within 5 cm of each other. */
export const FACADE_TOLERANCE = { angle: Math.PI / 180, offset: 0.05 };

export interface Elevation {
  /** `floorId/outlineId/edgeId`. */
  id: string;
  floorId: string;
  /** 0 = bottom floor. */
  floorIndex: number;
  outlineId: string;
  kind: OutlineKind;
  edgeId: string;
  /** The edge's start and end (local metres) and the storey's bottom and top. */
  start: { x: number; y: number };
  end: { x: number; y: number };
  bottom: number;
  top: number;
  length: number;
  height: number;
  facadeId: string;
}

export interface Facade {
  /** `kind:direction:n`, stable while the drawing keeps its facades. */
  id: string;
  kind: OutlineKind;
  direction: Compass;
  /** 1 for the first facade facing `direction`, 2 for the next … */
  index: number;
  /** English name ("South", "South 2"); the UI builds its own from direction and index. */
  name: string;
  elevationIds: string[];
}

export const facadeName = (direction: Compass, index: number, names: Record<Compass, string> = COMPASS_NAMES) =>
  index === 1 ? names[direction] : `${names[direction]} ${index}`;

/** Compass direction of an outward normal (nx east, ny north). */
export function compassOf(nx: number, ny: number): Compass {
  const bearing = (Math.atan2(nx, ny) * 180) / Math.PI; // 0 = north, clockwise
  return COMPASS[Math.round(((bearing + 360) % 360) / 45) % 8]!;
}

interface Line {
  kind: OutlineKind;
  angle: number;
  nx: number;
  ny: number;
  offset: number;
  elevationIds: string[];
}

const angleDiff = (a: number, b: number) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));

export function elevationsOf(doc: PanelizerDocument): { elevations: Elevation[]; facades: Facade[] } {
  const elevations: Elevation[] = [];
  const lines: Line[] = [];
  doc.floors.forEach((floor, floorIndex) => {
    const lineIndex = doc.floorLines.findIndex((l) => l.id === floor.id);
    const [bottom, top] = [doc.floorLines[lineIndex]?.z, doc.floorLines[lineIndex + 1]?.z];
    const plan = doc.plans.find((p) => p.id === floor.planId);
    if (bottom === undefined || top === undefined || !plan) return;
    for (const outline of plan.outlines) {
      outline.points.forEach((a, i) => {
        const b = outline.points[(i + 1) % outline.points.length]!;
        const length = Math.hypot(b.x - a.x, b.y - a.y);
        if (length === 0) return;
        // Counter-clockwise: the inside is to the left, so the outward normal points right.
        const [nx, ny] = [(b.y - a.y) / length, -(b.x - a.x) / length];
        const angle = Math.atan2(ny, nx);
        const offset = nx * a.x + ny * a.y;
        const id = `${floor.id}/${outline.id}/${a.id}`;
        let line = lines.find((l) => l.kind === outline.kind && angleDiff(l.angle, angle) < FACADE_TOLERANCE.angle && Math.abs(l.offset - offset) < FACADE_TOLERANCE.offset);
        if (!line) lines.push((line = { kind: outline.kind, angle, nx, ny, offset, elevationIds: [] }));
        line.elevationIds.push(id);
        elevations.push({ id, floorId: floor.id, floorIndex, outlineId: outline.id, kind: outline.kind, edgeId: a.id, start: { x: a.x, y: a.y }, end: { x: b.x, y: b.y }, bottom, top, length, height: top - bottom, facadeId: '' });
      });
    }
  });
  const facades: Facade[] = [];
  const order = [...lines].sort((p, q) => (p.kind === q.kind ? 0 : p.kind === 'building' ? -1 : 1) || COMPASS.indexOf(compassOf(p.nx, p.ny)) - COMPASS.indexOf(compassOf(q.nx, q.ny)) || p.offset - q.offset);
  const counts = new Map<string, number>();
  for (const line of order) {
    const direction = compassOf(line.nx, line.ny);
    const index = (counts.get(`${line.kind}:${direction}`) ?? 0) + 1;
    counts.set(`${line.kind}:${direction}`, index);
    const id = `${line.kind}:${direction}:${index}`;
    facades.push({ id, kind: line.kind, direction, index, name: facadeName(direction, index), elevationIds: line.elevationIds });
  }
  const facadeOf = new Map(facades.flatMap((f) => f.elevationIds.map((e) => [e, f.id] as const)));
  for (const e of elevations) e.facadeId = facadeOf.get(e.id)!;
  return { elevations, facades };
}
