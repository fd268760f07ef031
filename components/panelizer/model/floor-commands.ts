import { PANELIZER_MAX_FLOOR_LINES, type FloorLine, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { done, refuse, type Command, type CommandResult } from './command';
import { openingFits, sortedLines } from './geometry';
import { newId } from './ids';

/** Two floor lines closer than this are one line drawn twice, not a storey. */
export const MIN_FLOOR_LINE_GAP = 0.1;

/**
 * The document with these floor lines: sorted, one floor per line but the top one (a new floor
 * gets a plan of its own, empty), floors and openings of removed lines dropped, plans nobody uses
 * dropped. Refused when an opening would no longer fit its storey.
 */
export function withFloorLines(doc: PanelizerDocument, lines: FloorLine[]): CommandResult {
  const floorLines = sortedLines(lines);
  for (let i = 1; i < floorLines.length; i++) {
    if (floorLines[i]!.z - floorLines[i - 1]!.z < MIN_FLOOR_LINE_GAP) return refuse('floorLineTooClose');
  }
  const floorIds = floorLines.slice(0, -1).map((l) => l.id);
  const existing = new Map(doc.floors.map((f) => [f.id, f]));
  const plans = [...doc.plans];
  const floors = floorIds.map((id) => {
    const floor = existing.get(id);
    if (floor) return floor;
    const plan = { id: newId('p'), outlines: [] };
    plans.push(plan);
    return { id, planId: plan.id };
  });
  const used = new Set(floors.map((f) => f.planId));
  const kept = new Set(floorIds);
  const next: PanelizerDocument = {
    ...doc,
    floorLines,
    floors,
    plans: plans.filter((p) => used.has(p.id)),
    openings: doc.openings.filter((o) => kept.has(o.floorId)),
  };
  if (!next.openings.every((o) => openingFits(next, o))) return refuse('openingOutside');
  return done(next);
}

export function addFloorLine(z: number, id: string = newId('l')): Command {
  return {
    name: 'addFloorLine',
    perform: (doc) =>
      doc.floorLines.length >= PANELIZER_MAX_FLOOR_LINES ? refuse('tooManyFloorLines') : withFloorLines(doc, [...doc.floorLines, { id, z }]),
  };
}

/** Moves a line between its neighbours; lines never pass each other (floors keep their names). */
export function moveFloorLine(lineId: string, z: number): Command {
  return {
    name: 'moveFloorLine',
    perform: (doc) => {
      const i = doc.floorLines.findIndex((l) => l.id === lineId);
      if (i < 0) return refuse('notFound');
      const below = doc.floorLines[i - 1];
      const above = doc.floorLines[i + 1];
      if ((below && z <= below.z) || (above && z >= above.z)) return refuse('floorLineOrder');
      return withFloorLines(doc, doc.floorLines.map((l) => (l.id === lineId ? { ...l, z } : l)));
    },
  };
}

/** Removes a line: the floor it was the bottom of goes, with that floor's openings. */
export function removeFloorLine(lineId: string): Command {
  return {
    name: 'removeFloorLine',
    perform: (doc) =>
      doc.floorLines.some((l) => l.id === lineId) ? withFloorLines(doc, doc.floorLines.filter((l) => l.id !== lineId)) : refuse('notFound'),
  };
}

/**
 * Gives the floor the plan of another (they are linked: an edit on one shows on both). The
 * floor's openings stay where the other plan has the same outline edge and they still fit.
 */
export function linkFloor(floorId: string, toFloorId: string): Command {
  return {
    name: 'linkFloor',
    perform: (doc) => {
      const floor = doc.floors.find((f) => f.id === floorId);
      const target = doc.floors.find((f) => f.id === toFloorId);
      if (!floor || !target) return refuse('notFound');
      if (floor.planId === target.planId) return refuse('sameFloorplan');
      const floors = doc.floors.map((f) => (f.id === floorId ? { ...f, planId: target.planId } : f));
      const used = new Set(floors.map((f) => f.planId));
      const linked: PanelizerDocument = { ...doc, floors, plans: doc.plans.filter((p) => used.has(p.id)) };
      return done({ ...linked, openings: doc.openings.filter((o) => o.floorId !== floorId || openingFits(linked, o)) });
    },
  };
}

/**
 * Gives a linked floor its own copy of the plan. Outline and vertex ids stay as they were, so the
 * floor's openings still name their edges.
 */
export function unlinkFloor(floorId: string, planId: string = newId('p')): Command {
  return {
    name: 'unlinkFloor',
    perform: (doc) => {
      const floor = doc.floors.find((f) => f.id === floorId);
      const plan = floor && doc.plans.find((p) => p.id === floor.planId);
      if (!floor || !plan) return refuse('notFound');
      if (doc.floors.filter((f) => f.planId === plan.id).length < 2) return refuse('notLinked');
      return done({
        ...doc,
        floors: doc.floors.map((f) => (f.id === floorId ? { ...f, planId } : f)),
        plans: [...doc.plans, { id: planId, outlines: plan.outlines }],
      });
    },
  };
}
