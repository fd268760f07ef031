/**
 * The segmentation editor's state as a reducer of named actions (the planner's drawing.ts
 * pattern): where each image stands (floor, x, y in metres, heading in degrees), what is selected,
 * which floor is shown, and the history that "undo" walks back. Pure, so tests state the rules.
 */

export interface Placement {
  floor: number | null;
  x: number | null;
  y: number | null;
  heading: number;
}

export type Placements = Readonly<Record<number, Placement>>;

export interface SegmentationState {
  placements: Placements;
  selected: readonly number[];
  floor: number;
  past: readonly Placements[];
}

export type SegmentationAction =
  | { type: 'reset'; placements: Placements }
  | { type: 'select'; id: number; additive: boolean }
  | { type: 'selectOnly'; ids: readonly number[] }
  | { type: 'showFloor'; floor: number }
  /** Assigns the selected images to the shown floor (keeping their place if they have one). */
  | { type: 'assignFloor' }
  /** Puts the selected images that have no place at a point of the shown floor, a metre apart. */
  | { type: 'placeAt'; x: number; y: number }
  /** Starts a drag: one history entry for the whole gesture. */
  | { type: 'beginDrag' }
  | { type: 'move'; dx: number; dy: number; record: boolean }
  | { type: 'rotate'; degrees: number }
  | { type: 'undo' };

const HISTORY = 100;
const round = (n: number) => Math.round(n * 1000) / 1000;
const turn = (deg: number) => round(((deg % 360) + 360) % 360);

export const initialSegmentation = (placements: Placements, floor = 0): SegmentationState => ({ placements, selected: [], floor, past: [] });

function changed(state: SegmentationState, placements: Placements, record = true): SegmentationState {
  if (placements === state.placements) return state;
  return { ...state, placements, past: record ? [...state.past, state.placements].slice(-HISTORY) : state.past };
}

function update(placements: Placements, ids: readonly number[], fn: (p: Placement) => Placement): Placements {
  const next: Record<number, Placement> = { ...placements };
  let any = false;
  for (const id of ids) {
    const p = placements[id];
    if (!p) continue;
    next[id] = fn(p);
    any = true;
  }
  return any ? next : placements;
}

export function segmentationReducer(state: SegmentationState, action: SegmentationAction): SegmentationState {
  switch (action.type) {
    case 'reset':
      return { ...state, placements: action.placements, past: [], selected: state.selected.filter((id) => id in action.placements) };
    case 'select': {
      if (!action.additive) return { ...state, selected: [action.id] };
      const has = state.selected.includes(action.id);
      return { ...state, selected: has ? state.selected.filter((id) => id !== action.id) : [...state.selected, action.id] };
    }
    case 'selectOnly':
      return { ...state, selected: [...action.ids] };
    case 'showFloor':
      return { ...state, floor: action.floor, selected: state.selected.filter((id) => state.placements[id]?.floor === action.floor) };
    case 'assignFloor':
      return changed(state, update(state.placements, state.selected, (p) => ({ ...p, floor: state.floor })));
    case 'placeAt': {
      const unplaced = state.selected.filter((id) => state.placements[id]?.x === null);
      if (unplaced.length === 0) return state;
      const next: Record<number, Placement> = { ...state.placements };
      unplaced.forEach((id, i) => {
        next[id] = { ...state.placements[id]!, floor: state.floor, x: round(action.x + i), y: round(action.y) };
      });
      return changed(state, next);
    }
    case 'beginDrag':
      return { ...state, past: [...state.past, state.placements].slice(-HISTORY) };
    case 'move': {
      const placed = state.selected.filter((id) => state.placements[id]?.x !== null && state.placements[id]?.floor === state.floor);
      return changed(state, update(state.placements, placed, (p) => ({ ...p, x: round(p.x! + action.dx), y: round(p.y! + action.dy) })), action.record);
    }
    case 'rotate':
      return changed(state, update(state.placements, state.selected, (p) => ({ ...p, heading: turn(p.heading + action.degrees) })));
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      return previous ? { ...state, placements: previous, past: state.past.slice(0, -1) } : state;
    }
  }
}

/** What to save: each image whose placement differs from what the server holds. */
export function placementChanges(server: Placements, edited: Placements): { imageId: number; floor: number | null; x: number | null; y: number | null; heading: number }[] {
  return Object.entries(edited)
    .map(([id, p]) => ({ imageId: Number(id), ...p }))
    .filter((p) => {
      const s = server[p.imageId];
      return !s || s.floor !== p.floor || s.x !== p.x || s.y !== p.y || s.heading !== p.heading;
    });
}

/**
 * The editor's starting placements: what the server holds, except that an image nobody placed
 * yet starts where its file says it was taken (heading, GPS on the plan), unsaved, so the user
 * confirms it with "save" (and still assigns the floor).
 */
export function prefilled(
  items: readonly { imageId: number; inTours: boolean; floor: number | null; x: number | null; y: number | null; heading: number; fromMetadata: { heading: number | null; x: number | null; y: number | null } | null }[],
): Placements {
  return Object.fromEntries(
    items.filter((i) => i.inTours).map((i) => {
      const file = i.x === null ? i.fromMetadata : null;
      const placed = file !== null && file.x !== null && file.y !== null;
      return [i.imageId, { floor: i.floor, x: placed ? file.x : i.x, y: placed ? file.y : i.y, heading: file?.heading ?? i.heading }];
    }),
  );
}
