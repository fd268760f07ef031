/** @jest-environment node */
import { automaticPairs, changedCount, initialLinkEditor, linkEditorReducer, linkedTo, pairsOf, type Pair } from '@/components/tours/viewer/link-editor-state';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { buildLinks } from '@/lib/shared/tours/links';

const placed = [
  { id: 1, floor: 0, x: 0, y: 0, heading: 0 },
  { id: 2, floor: 0, x: 5, y: 0, heading: 0 },
  { id: 3, floor: 0, x: 10, y: 0, heading: 0 },
  { id: 4, floor: 1, x: 9, y: 1, heading: 0 },
];
const manifestWith = (edits?: { added: Pair[]; removed: Pair[] }): TourManifest => {
  const links = buildLinks(placed, 3, edits);
  return { tileSize: 512, floors: [0, 1], nodes: placed.map((p) => ({ ...p, name: `P${p.id}`, levels: [], links: links.get(p.id)! })) };
};

describe('the link editor of the maps dialog', () => {
  it('reads the manifest links once per pair', () => {
    expect(pairsOf(manifestWith())).toEqual([[1, 2], [1, 3], [2, 3], [3, 4]]);
  });

  it('adds and removes links between two panoramas, either way round, and undoes step by step', () => {
    let state = initialLinkEditor(pairsOf(manifestWith()));
    state = linkEditorReducer(state, { type: 'toggle', a: 3, b: 1 });
    expect(state.pairs).toEqual([[1, 2], [2, 3], [3, 4]]);
    state = linkEditorReducer(state, { type: 'toggle', a: 4, b: 1 });
    expect(state.pairs).toEqual([[1, 2], [1, 4], [2, 3], [3, 4]]);
    expect(linkedTo(state.pairs, 1)).toEqual([2, 4]);
    expect(linkEditorReducer(state, { type: 'toggle', a: 2, b: 2 })).toBe(state);
    expect(changedCount(pairsOf(manifestWith()), state.pairs)).toBe(2);
    state = linkEditorReducer(state, { type: 'undo' });
    expect(state.pairs).toEqual([[1, 2], [2, 3], [3, 4]]);
    state = linkEditorReducer(state, { type: 'undo' });
    expect(state.pairs).toEqual([[1, 2], [1, 3], [2, 3], [3, 4]]);
    expect(linkEditorReducer(state, { type: 'undo' })).toBe(state);
  });

  it('rebuilds from positions as one undo step, whatever was edited before', () => {
    const edited = manifestWith({ added: [[1, 4]], removed: [[1, 3]] });
    expect(pairsOf(edited)).toEqual([[1, 2], [1, 4], [2, 3], [3, 4]]);
    expect(automaticPairs(edited)).toEqual(pairsOf(manifestWith()));
    let state = initialLinkEditor(pairsOf(edited));
    state = linkEditorReducer(state, { type: 'rebuild', pairs: automaticPairs(edited) });
    expect(state.pairs).toEqual([[1, 2], [1, 3], [2, 3], [3, 4]]);
    expect(linkEditorReducer(state, { type: 'undo' }).pairs).toEqual(pairsOf(edited));
  });
});
