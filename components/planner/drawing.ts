import type { BuildingDto, BuildingType } from '@/lib/shared/schemas/building';
import type { PolygonGeometry, Position } from '@/lib/shared/geo/types';

/**
 * The planner's drawing state machine: pure, so every gesture (click, double-click, drag,
 * keyboard) is a reducer action and unit-testable without a map. Outlines are kept as OPEN rings
 * (no repeated first corner); `footprintOf` closes them for GeoJSON and the API.
 */
export interface PlannedBuilding {
  /** Stable key in the UI (a saved building's is `b<id>`). */
  key: string;
  /** Set for buildings already stored (editing an existing mission's plan). */
  id?: number;
  version?: number;
  name: string;
  type: BuildingType;
  levels: number;
  ring: Position[];
}

export interface Selection {
  key: string;
  /** The selected corner, when one is. */
  vertex?: number;
}

interface Snapshot {
  buildings: PlannedBuilding[];
  draft: Position[] | null;
}

export interface DrawingState extends Snapshot {
  selection: Selection | null;
  /** Earlier snapshots, newest last (Ctrl+Z). */
  history: Snapshot[];
  /** Counter for new building keys and default names. */
  created: number;
}

export type DrawingAction =
  | { type: 'start' }
  | { type: 'addVertex'; position: Position }
  | { type: 'finish' }
  | { type: 'cancel' }
  | { type: 'undo' }
  | { type: 'select'; selection: Selection | null }
  /** `record: false` while a drag continues (one undo step per drag: recorded on its first move). */
  | { type: 'moveVertex'; key: string; vertex: number; position: Position; record: boolean }
  | { type: 'insertVertex'; key: string; after: number; position: Position }
  | { type: 'deleteVertex'; key: string; vertex: number }
  | { type: 'deleteSelected' }
  | { type: 'remove'; key: string }
  | { type: 'update'; key: string; changes: Partial<Pick<PlannedBuilding, 'name' | 'type' | 'levels'>> }
  | { type: 'load'; buildings: PlannedBuilding[] }
  /** The plan merged with what someone else saved meanwhile; undo stops here (older steps hold stale versions). */
  | { type: 'rebase'; buildings: PlannedBuilding[] };

/** A polygon needs three corners. */
export const MIN_CORNERS = 3;
const HISTORY_LIMIT = 100;

export function initialDrawing(buildings: PlannedBuilding[] = []): DrawingState {
  return { buildings, draft: null, selection: null, history: [], created: buildings.length };
}

export function footprintOf(ring: readonly Position[]): PolygonGeometry {
  const first = ring[0];
  return { type: 'Polygon', coordinates: [first ? [...ring, [first[0], first[1]]] : []] };
}

/** The open ring of a stored footprint (drops the closing corner). */
export function ringOf(footprint: PolygonGeometry): Position[] {
  const outline = footprint.coordinates[0] ?? [];
  return outline.slice(0, -1).map(([lon, lat]) => [lon, lat] as Position);
}

/** A stored building as the planner edits it. */
export function plannedOf(b: BuildingDto): PlannedBuilding {
  return { key: `b${b.id}`, id: b.id, version: b.version, name: b.name, type: b.type, levels: b.levels, ring: ringOf(b.footprint) };
}

const same = (a: Position | undefined, b: Position) => !!a && a[0] === b[0] && a[1] === b[1];

/** Whether two outlines have the same corners in the same order. */
/** The middle of the outline's edge from corner `i` to the next: where a corner inserted after `i` goes. */
export function edgeMidpoint(ring: readonly Position[], i: number): Position {
  const [p, q] = [ring[i]!, ring[(i + 1) % ring.length]!];
  return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
}

export const sameRing = (a: readonly Position[], b: readonly Position[]) => a.length === b.length && a.every((p, i) => same(p, b[i]!));

function record(state: DrawingState): DrawingState {
  const history = [...state.history, { buildings: state.buildings, draft: state.draft }].slice(-HISTORY_LIMIT);
  return { ...state, history };
}

function withBuilding(state: DrawingState, key: string, change: (b: PlannedBuilding) => PlannedBuilding): PlannedBuilding[] {
  return state.buildings.map((b) => (b.key === key ? change(b) : b));
}

export function drawingReducer(state: DrawingState, action: DrawingAction): DrawingState {
  switch (action.type) {
    case 'start':
      return state.draft ? state : { ...record(state), draft: [], selection: null };
    case 'addVertex': {
      const draft = state.draft ?? [];
      // A double-click's second click lands on the corner just placed: not a new corner.
      if (same(draft[draft.length - 1], action.position)) return state;
      return { ...record(state), draft: [...draft, action.position], selection: null };
    }
    case 'finish': {
      if (!state.draft || state.draft.length < MIN_CORNERS) return state;
      const created = state.created + 1;
      const building: PlannedBuilding = { key: `n${created}`, name: '', type: 'building', levels: 1, ring: state.draft };
      return { ...record(state), buildings: [...state.buildings, building], draft: null, created, selection: { key: building.key } };
    }
    case 'cancel':
      return state.draft ? { ...state, draft: null } : { ...state, selection: null };
    case 'undo': {
      const previous = state.history[state.history.length - 1];
      if (!previous) return state;
      const exists = (s: Selection | null) => s && previous.buildings.some((b) => b.key === s.key);
      return { ...state, ...previous, history: state.history.slice(0, -1), selection: exists(state.selection) ? { key: state.selection!.key } : null };
    }
    case 'select':
      return { ...state, selection: action.selection };
    case 'moveVertex': {
      const base = action.record ? record(state) : state;
      return {
        ...base,
        buildings: withBuilding(base, action.key, (b) => ({ ...b, ring: b.ring.map((p, i) => (i === action.vertex ? action.position : p)) })),
        selection: { key: action.key, vertex: action.vertex },
      };
    }
    case 'insertVertex': {
      const next = record(state);
      return {
        ...next,
        buildings: withBuilding(next, action.key, (b) => ({ ...b, ring: [...b.ring.slice(0, action.after + 1), action.position, ...b.ring.slice(action.after + 1)] })),
        selection: { key: action.key, vertex: action.after + 1 },
      };
    }
    case 'deleteVertex': {
      const target = state.buildings.find((b) => b.key === action.key);
      // A triangle keeps its corners: removing one would leave no polygon (remove the building instead).
      if (!target || target.ring.length <= MIN_CORNERS) return state;
      const next = record(state);
      return {
        ...next,
        buildings: withBuilding(next, action.key, (b) => ({ ...b, ring: b.ring.filter((_, i) => i !== action.vertex) })),
        selection: { key: action.key },
      };
    }
    case 'deleteSelected': {
      const { selection } = state;
      if (state.draft) return state.draft.length ? { ...record(state), draft: state.draft.slice(0, -1) } : state;
      if (!selection || selection.vertex === undefined) return state;
      return drawingReducer(state, { type: 'deleteVertex', key: selection.key, vertex: selection.vertex });
    }
    case 'remove': {
      const next = record(state);
      return { ...next, buildings: next.buildings.filter((b) => b.key !== action.key), selection: null };
    }
    case 'update':
      return { ...state, buildings: withBuilding(state, action.key, (b) => ({ ...b, ...action.changes })) };
    case 'load':
      return initialDrawing(action.buildings);
    case 'rebase': {
      const kept = state.selection && action.buildings.some((b) => b.key === state.selection!.key);
      return { ...state, buildings: action.buildings, history: [], selection: kept ? state.selection : null };
    }
  }
}
