import {
  PANELIZER_MAX_OUTLINE_POINTS,
  PANELIZER_MAX_OUTLINES_PER_PLAN,
  type Outline,
  type OutlineKind,
  type PanelizerDocument,
  type Plan,
  type Vertex,
} from '@/lib/shared/panelizer/document';
import { isSimplePolygon, signedArea, type XY } from '@/lib/shared/panelizer/polygon';
import { done, refuse, type Command, type CommandResult } from './command';
import { openingFits, xy } from './geometry';
import { newId } from './ids';

/**
 * Replaces one plan's outlines (every floor linked to it sees the change). Openings on outlines
 * or edges that are gone go with them; an opening the change would push out of its elevation
 * refuses the edit, and so does a self-intersecting outline.
 */
function withPlan(doc: PanelizerDocument, floorId: string, change: (plan: Plan) => Outline[] | null): CommandResult {
  const floor = doc.floors.find((f) => f.id === floorId);
  const plan = floor && doc.plans.find((p) => p.id === floor.planId);
  if (!floor || !plan) return refuse('notFound');
  const outlines = change(plan);
  if (!outlines) return refuse('notFound');
  if (outlines.some((o) => !isSimplePolygon(o.points.map(xy)))) return refuse('selfIntersecting');
  const next: PanelizerDocument = { ...doc, plans: doc.plans.map((p) => (p.id === plan.id ? { ...p, outlines } : p)) };
  const onPlan = new Set(doc.floors.filter((f) => f.planId === plan.id).map((f) => f.id));
  const edges = new Set(outlines.flatMap((o) => o.points.map((v) => `${o.id}/${v.id}`)));
  const openings = doc.openings.filter((o) => !onPlan.has(o.floorId) || edges.has(`${o.outlineId}/${o.edgeId}`));
  const result = { ...next, openings };
  if (!openings.every((o) => !onPlan.has(o.floorId) || openingFits(result, o))) return refuse('openingOutside');
  return done(result);
}

function mapOutline(plan: Plan, outlineId: string, change: (outline: Outline) => Outline | null): Outline[] | null {
  const outline = plan.outlines.find((o) => o.id === outlineId);
  const changed = outline && change(outline);
  return changed ? plan.outlines.map((o) => (o.id === outlineId ? changed : o)) : null;
}

/** Counter-clockwise, as the document keeps outlines (the outside of an edge is on its right). */
function counterClockwise(points: readonly XY[]): XY[] {
  return signedArea(points) < 0 ? [...points].reverse() : [...points];
}

export function addOutline(floorId: string, kind: OutlineKind, points: readonly XY[], id: string = newId('o')): Command {
  return {
    name: 'addOutline',
    perform: (doc) => {
      if (points.length < 3) return refuse('tooFewPoints');
      if (points.length > PANELIZER_MAX_OUTLINE_POINTS) return refuse('tooManyPoints');
      if (!isSimplePolygon(points)) return refuse('selfIntersecting');
      const outline: Outline = { id, kind, points: counterClockwise(points).map(([x, y]) => ({ id: newId('v'), x, y })) };
      return withPlan(doc, floorId, (plan) => (plan.outlines.length >= PANELIZER_MAX_OUTLINES_PER_PLAN ? null : [...plan.outlines, outline]));
    },
  };
}

export function removeOutline(floorId: string, outlineId: string): Command {
  return {
    name: 'removeOutline',
    perform: (doc) =>
      withPlan(doc, floorId, (plan) => (plan.outlines.some((o) => o.id === outlineId) ? plan.outlines.filter((o) => o.id !== outlineId) : null)),
  };
}

export function setOutlineKind(floorId: string, outlineId: string, kind: OutlineKind): Command {
  return { name: 'setOutlineKind', perform: (doc) => withPlan(doc, floorId, (plan) => mapOutline(plan, outlineId, (o) => ({ ...o, kind }))) };
}

export function moveOutlinePoint(floorId: string, outlineId: string, vertexId: string, x: number, y: number): Command {
  return {
    name: 'moveOutlinePoint',
    perform: (doc) =>
      withPlan(doc, floorId, (plan) =>
        mapOutline(plan, outlineId, (o) => (o.points.some((v) => v.id === vertexId) ? { ...o, points: o.points.map((v) => (v.id === vertexId ? { ...v, x, y } : v)) } : null)),
      ),
  };
}

/** Inserts a point on the edge that starts at `afterVertexId` (that edge keeps its id for its first half). */
export function addOutlinePoint(floorId: string, outlineId: string, afterVertexId: string, x: number, y: number, id: string = newId('v')): Command {
  return {
    name: 'addOutlinePoint',
    perform: (doc) =>
      withPlan(doc, floorId, (plan) =>
        mapOutline(plan, outlineId, (o) => {
          const i = o.points.findIndex((v) => v.id === afterVertexId);
          if (i < 0 || o.points.length >= PANELIZER_MAX_OUTLINE_POINTS) return null;
          const vertex: Vertex = { id, x, y };
          return { ...o, points: [...o.points.slice(0, i + 1), vertex, ...o.points.slice(i + 1)] };
        }),
      ),
  };
}

/** Deletes a point (right mouse); an outline keeps at least three. The edge it started goes, with its openings. */
export function removeOutlinePoint(floorId: string, outlineId: string, vertexId: string): Command {
  return {
    name: 'removeOutlinePoint',
    perform: (doc) => {
      const outline = doc.plans.flatMap((p) => p.outlines).find((o) => o.id === outlineId);
      if (outline && outline.points.length <= 3) return refuse('tooFewPoints');
      return withPlan(doc, floorId, (plan) =>
        mapOutline(plan, outlineId, (o) => (o.points.some((v) => v.id === vertexId) ? { ...o, points: o.points.filter((v) => v.id !== vertexId) } : null)),
      );
    },
  };
}

/** Replaces the floor's outlines by copies of another floor's (new ids: the two stay independent). */
export function copyOutlines(fromFloorId: string, toFloorId: string): Command {
  return {
    name: 'copyOutlines',
    perform: (doc) => {
      const from = doc.floors.find((f) => f.id === fromFloorId);
      const to = doc.floors.find((f) => f.id === toFloorId);
      const source = from && doc.plans.find((p) => p.id === from.planId);
      if (!from || !to || !source) return refuse('notFound');
      if (from.planId === to.planId) return refuse('sameFloorplan');
      const copies = source.outlines.map((o) => ({ ...o, id: newId('o'), points: o.points.map((v) => ({ ...v, id: newId('v') })) }));
      return withPlan(doc, toFloorId, () => copies);
    },
  };
}
