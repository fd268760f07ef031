import { PANELIZER_MAX_OPENINGS, type Opening, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { done, refuse, type Command } from './command';
import { elevationGeometry, openingFits, openingsOverlap } from './geometry';
import { newId } from './ids';

export type OpeningRect = Pick<Opening, 'left' | 'bottom' | 'width' | 'height'>;

function withOpenings(doc: PanelizerDocument, openings: Opening[], changed: readonly Opening[]) {
  if (openings.length > PANELIZER_MAX_OPENINGS) return refuse('tooManyOpenings');
  const next = { ...doc, openings };
  for (const opening of changed) {
    if (!elevationGeometry(next, opening)) return refuse('elevationMissing');
    if (!openingFits(next, opening)) return refuse('openingOutside');
    if (openings.some((o) => o.id !== opening.id && openingsOverlap(o, opening))) return refuse('openingsOverlap');
  }
  return done(next);
}

export function addOpening(opening: Omit<Opening, 'id'> & { id?: string }): Command {
  return {
    name: 'addOpening',
    perform: (doc) => {
      const added: Opening = { ...opening, id: opening.id ?? newId('w') };
      return withOpenings(doc, [...doc.openings, added], [added]);
    },
  };
}

/** Moves or resizes an opening, or makes a window a door. */
export function updateOpening(id: string, patch: Partial<OpeningRect & Pick<Opening, 'kind'>>): Command {
  return {
    name: 'updateOpening',
    perform: (doc) => {
      const current = doc.openings.find((o) => o.id === id);
      if (!current) return refuse('notFound');
      const updated = { ...current, ...patch };
      return withOpenings(doc, doc.openings.map((o) => (o.id === id ? updated : o)), [updated]);
    },
  };
}

/** Moves openings together by (du, dv) metres (the arrow keys); all fit, or none moves. */
export function moveOpenings(ids: readonly string[], du: number, dv: number): Command {
  const moving = new Set(ids);
  // Millimetres: a nudge must not leave float noise (0.1 + 0.2) in the document.
  const mm = (x: number) => Math.round(x * 1000) / 1000;
  return {
    name: 'moveOpenings',
    perform: (doc) => {
      const moved = doc.openings.filter((o) => moving.has(o.id)).map((o) => ({ ...o, left: mm(o.left + du), bottom: mm(o.bottom + dv) }));
      if (moved.length === 0) return refuse('notFound');
      const byId = new Map(moved.map((o) => [o.id, o]));
      return withOpenings(doc, doc.openings.map((o) => byId.get(o.id) ?? o), moved);
    },
  };
}

export function removeOpenings(ids: readonly string[]): Command {
  const gone = new Set(ids);
  return {
    name: 'removeOpenings',
    perform: (doc) => (doc.openings.some((o) => gone.has(o.id)) ? done({ ...doc, openings: doc.openings.filter((o) => !gone.has(o.id)) }) : refuse('notFound')),
  };
}

/** Where the opening group tool puts a copy of the group: a floor, and a shift along the elevation (metres). */
export interface Placement {
  floorId: string;
  shift: number;
}

/**
 * The opening group tool: repeats the selected openings at each placement (same outline edge,
 * on another floor and/or shifted along the wall). The selection and its copies share a group id.
 * All copies fit, or nothing is placed.
 */
export function repeatOpeningGroup(ids: readonly string[], placements: readonly Placement[], groupId: string = newId('g')): Command {
  return {
    name: 'repeatOpeningGroup',
    perform: (doc) => {
      const selected = new Set(ids);
      const group = doc.openings.filter((o) => selected.has(o.id));
      if (group.length === 0 || placements.length === 0) return refuse('notFound');
      const copies = placements.flatMap((p) =>
        group.map((o): Opening => ({ ...o, id: newId('w'), floorId: p.floorId, left: o.left + p.shift, groupId })),
      );
      const grouped = doc.openings.map((o) => (selected.has(o.id) ? { ...o, groupId } : o));
      return withOpenings(doc, [...grouped, ...copies], copies);
    },
  };
}
