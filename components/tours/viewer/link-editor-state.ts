import type { TourManifest } from '@/lib/shared/schemas/tour';
import { buildLinks, NEIGHBOURS } from '@/lib/shared/tours/links';

/**
 * The maps dialog's link editor as a reducer (like the segmentation editor): the pairs of
 * panoramas linked, each once with the smaller id first, and the history "undo" walks back.
 */

export type Pair = readonly [number, number];

export interface LinkEditorState {
  pairs: readonly Pair[];
  past: readonly (readonly Pair[])[];
}

export type LinkEditorAction =
  | { type: 'reset'; pairs: readonly Pair[] }
  /** Adds the link between two panoramas, or removes it when they are linked. */
  | { type: 'toggle'; a: number; b: number }
  /** Replaces every link with those the positions give (one undo step). */
  | { type: 'rebuild'; pairs: readonly Pair[] }
  | { type: 'undo' };

const HISTORY = 100;
const pair = (a: number, b: number): Pair => (a < b ? [a, b] : [b, a]);
const order = (p: Pair, q: Pair) => p[0] - q[0] || p[1] - q[1];
const key = (p: Pair) => `${p[0]}-${p[1]}`;

export const initialLinkEditor = (pairs: readonly Pair[]): LinkEditorState => ({ pairs, past: [] });

export function linkEditorReducer(state: LinkEditorState, action: LinkEditorAction): LinkEditorState {
  switch (action.type) {
    case 'reset':
      return initialLinkEditor(action.pairs);
    case 'toggle': {
      if (action.a === action.b) return state;
      const p = pair(action.a, action.b);
      const has = state.pairs.some((q) => key(q) === key(p));
      const pairs = has ? state.pairs.filter((q) => key(q) !== key(p)) : [...state.pairs, p].sort(order);
      return { pairs, past: [...state.past, state.pairs].slice(-HISTORY) };
    }
    case 'rebuild':
      return samePairs(state.pairs, action.pairs) ? state : { pairs: action.pairs, past: [...state.past, state.pairs].slice(-HISTORY) };
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      return previous ? { pairs: previous, past: state.past.slice(0, -1) } : state;
    }
  }
}

/** The manifest's links as pairs (each link is stored both ways). */
export function pairsOf(manifest: TourManifest): Pair[] {
  return manifest.nodes.flatMap((n) => n.links.filter((l) => n.id < l.to).map((l) => pair(n.id, l.to))).sort(order);
}

/** The pairs the positions alone give: what "rebuild from positions" restores. */
export const automaticPairs = (manifest: TourManifest): Pair[] =>
  [...buildLinks(manifest.nodes, NEIGHBOURS).entries()].flatMap(([from, list]) => list.filter((l) => from < l.to).map((l) => pair(from, l.to))).sort(order);

/** How many links differ between two sets (added plus removed): the count on "save". */
export function changedCount(saved: readonly Pair[], edited: readonly Pair[]): number {
  const a = new Set(saved.map(key));
  const b = new Set(edited.map(key));
  return [...a].filter((k) => !b.has(k)).length + [...b].filter((k) => !a.has(k)).length;
}

export const samePairs = (a: readonly Pair[], b: readonly Pair[]) => changedCount(a, b) === 0;

/** The panoramas linked to one. */
export const linkedTo = (pairs: readonly Pair[], id: number): number[] => pairs.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : []));
