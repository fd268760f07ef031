/** @jest-environment node */
import { drawingReducer, initialDrawing, type DrawingState } from '@/components/planner/drawing';
import { keyDrawing } from '@/components/planner/keyboard-drawing';
import type { Position } from '@/lib/shared/geo/types';

/** Presses `key` on the focused map with the map's centre at `centre`, as usePlannerKeys does. */
function press(state: DrawingState, key: string, centre: Position = [0, 0], shift = false) {
  const result = keyDrawing(key, shift, state, centre);
  return { state: result ? drawingReducer(state, result.action) : state, show: result?.show, handled: !!result };
}

const square: Position[] = [
  [11, 48],
  [11.002, 48],
  [11.002, 48.002],
  [11, 48.002],
];

describe('drawing with the keyboard', () => {
  it('places a corner at the map centre with Space while drawing, and Enter (finish) makes the building', () => {
    let state = drawingReducer(initialDrawing(), { type: 'start' });
    for (const centre of square.slice(0, 3)) state = press(state, ' ', centre).state;
    expect(state.draft).toEqual(square.slice(0, 3));
    state = drawingReducer(state, { type: 'finish' });
    expect(state.buildings).toHaveLength(1);
    expect(state.buildings[0]!.ring).toEqual(square.slice(0, 3));
  });

  it('leaves Space alone when there is nothing to place or move (the page may use it)', () => {
    expect(press(initialDrawing(), ' ').handled).toBe(false);
  });

  it('steps through a building’s corners with N and Shift+N and brings each to the centre', () => {
    const state = initialDrawing([{ key: 'a', name: 'A', type: 'building', levels: 1, ring: square }]);
    const selected = drawingReducer(state, { type: 'select', selection: { key: 'a' } });
    const first = press(selected, 'n');
    expect(first.state.selection).toEqual({ key: 'a', vertex: 0 });
    expect(first.show).toEqual(square[0]);
    expect(press(first.state, 'n').state.selection).toEqual({ key: 'a', vertex: 1 });
    expect(press(first.state, 'N', [0, 0], true).state.selection).toEqual({ key: 'a', vertex: 3 });
    expect(press(selected, 'N', [0, 0], true).show).toEqual(square[3]);
  });

  it('moves the selected corner to the centre with Space, as one undo step', () => {
    let state = initialDrawing([{ key: 'a', name: 'A', type: 'building', levels: 1, ring: square }]);
    state = drawingReducer(state, { type: 'select', selection: { key: 'a', vertex: 2 } });
    state = press(state, ' ', [11.003, 48.003]).state;
    expect(state.buildings[0]!.ring[2]).toEqual([11.003, 48.003]);
    expect(drawingReducer(state, { type: 'undo' }).buildings[0]!.ring).toEqual(square);
  });

  it('inserts a corner halfway to the next one with I and selects it', () => {
    let state = initialDrawing([{ key: 'a', name: 'A', type: 'building', levels: 1, ring: square }]);
    state = drawingReducer(state, { type: 'select', selection: { key: 'a', vertex: 3 } });
    const inserted = press(state, 'i');
    expect(inserted.state.buildings[0]!.ring).toHaveLength(5);
    const halfway: Position = [11, (48.002 + 48) / 2];
    expect(inserted.state.buildings[0]!.ring[4]).toEqual(halfway);
    expect(inserted.state.selection).toEqual({ key: 'a', vertex: 4 });
    expect(inserted.show).toEqual(halfway);
  });

  it('selects the next building with B and shows its middle', () => {
    const other: Position[] = square.map(([x, y]) => [x + 1, y]);
    const state = initialDrawing([
      { key: 'a', name: 'A', type: 'building', levels: 1, ring: square },
      { key: 'b', name: 'B', type: 'building', levels: 1, ring: other },
    ]);
    const first = press(state, 'b');
    expect(first.state.selection).toEqual({ key: 'a' });
    expect(first.show![0]).toBeCloseTo(11.001, 9);
    expect(first.show![1]).toBeCloseTo(48.001, 9);
    expect(press(first.state, 'b').state.selection).toEqual({ key: 'b' });
    expect(press(first.state, 'B', [0, 0], true).state.selection).toEqual({ key: 'b' });
  });

  it('does not edit buildings with N, B or I while an outline is being drawn', () => {
    const state = drawingReducer(initialDrawing([{ key: 'a', name: 'A', type: 'building', levels: 1, ring: square }]), { type: 'start' });
    for (const key of ['n', 'b', 'i']) expect(press(state, key).handled).toBe(false);
  });
});
