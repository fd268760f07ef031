import type { DraftRegion } from './geometry';

/*
 * The editor's regions as a reducer of named actions with undo and redo (STYLE.md "Editors":
 * commands over immutable elements). A drag changes the regions many times; `begin` records one
 * undo step before its first change, `change` then updates without recording.
 */

export interface RegionsState {
  regions: DraftRegion[];
  selected: string | null;
  past: DraftRegion[][];
  future: DraftRegion[][];
  /** Differs from what was last loaded or saved. */
  dirty: boolean;
}

export type RegionsAction =
  | { type: 'load'; regions: DraftRegion[] }
  | { type: 'add'; region: DraftRegion }
  | { type: 'begin' }
  | { type: 'change'; region: DraftRegion }
  /** One change that is its own undo step (a keyboard nudge), where a drag is `begin` + `change`s. */
  | { type: 'edit'; region: DraftRegion }
  | { type: 'remove'; id: string }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

const HISTORY = 100;

export const emptyRegions: RegionsState = { regions: [], selected: null, past: [], future: [], dirty: false };

function record(state: RegionsState): Pick<RegionsState, 'past' | 'future'> {
  return { past: [...state.past, state.regions].slice(-HISTORY), future: [] };
}

export function regionsReducer(state: RegionsState, action: RegionsAction): RegionsState {
  switch (action.type) {
    case 'load':
      return { ...emptyRegions, regions: action.regions };
    case 'add':
      return { ...state, ...record(state), regions: [...state.regions, action.region], selected: action.region.id, dirty: true };
    case 'begin':
      return { ...state, ...record(state) };
    case 'change':
      return { ...state, regions: state.regions.map((r) => (r.id === action.region.id ? action.region : r)), dirty: true };
    case 'edit':
      return regionsReducer({ ...state, ...record(state) }, { type: 'change', region: action.region });
    case 'remove':
      if (!state.regions.some((r) => r.id === action.id)) return state;
      return { ...state, ...record(state), regions: state.regions.filter((r) => r.id !== action.id), selected: state.selected === action.id ? null : state.selected, dirty: true };
    case 'select':
      return { ...state, selected: action.id };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, regions: previous, past: state.past.slice(0, -1), future: [state.regions, ...state.future], dirty: true };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, regions: next, past: [...state.past, state.regions], future: rest, dirty: true };
    }
  }
}
