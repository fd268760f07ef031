/** @jest-environment node */
import { drawingReducer, footprintOf, initialDrawing, ringOf, type DrawingAction, type DrawingState } from '@/components/planner/drawing';
import type { Position } from '@/lib/shared/geo';

const corners: Position[] = [[11.5, 48.1], [11.5002, 48.1], [11.5002, 48.1001], [11.5, 48.1001]];
const run = (actions: DrawingAction[], state: DrawingState = initialDrawing()) => actions.reduce(drawingReducer, state);
const drawn = () => run([{ type: 'start' }, ...corners.map((position) => ({ type: 'addVertex' as const, position })), { type: 'finish' }]);

describe('drawing a building outline', () => {
  it('adds the clicked corners and finishes into a building', () => {
    const state = drawn();
    expect(state.draft).toBeNull();
    expect(state.buildings).toHaveLength(1);
    expect(state.buildings[0]!.ring).toEqual(corners);
    expect(state.buildings[0]).toMatchObject({ type: 'building', levels: 1, name: '' });
    expect(state.selection).toEqual({ key: state.buildings[0]!.key });
  });

  it('ignores the second click of a double-click on the same corner', () => {
    const state = run([{ type: 'start' }, { type: 'addVertex', position: corners[0]! }, { type: 'addVertex', position: corners[0]! }]);
    expect(state.draft).toEqual([corners[0]]);
  });

  it('does not finish with fewer than three corners', () => {
    const state = run([{ type: 'start' }, { type: 'addVertex', position: corners[0]! }, { type: 'addVertex', position: corners[1]! }, { type: 'finish' }]);
    expect(state.buildings).toHaveLength(0);
    expect(state.draft).toHaveLength(2);
  });

  it('cancels the outline being drawn with Escape', () => {
    const state = run([{ type: 'start' }, { type: 'addVertex', position: corners[0]! }, { type: 'cancel' }]);
    expect(state.draft).toBeNull();
    expect(state.buildings).toHaveLength(0);
  });

  it('closes the ring for GeoJSON and opens it again', () => {
    const polygon = footprintOf(corners);
    expect(polygon.coordinates[0]).toHaveLength(5);
    expect(polygon.coordinates[0]![4]).toEqual(corners[0]);
    expect(ringOf(polygon)).toEqual(corners);
  });
});

describe('undo', () => {
  it('removes the last corner while drawing', () => {
    const state = run([{ type: 'start' }, { type: 'addVertex', position: corners[0]! }, { type: 'addVertex', position: corners[1]! }, { type: 'undo' }]);
    expect(state.draft).toEqual([corners[0]]);
  });

  it('takes back a finished outline into the drawing, and a removal', () => {
    const finished = drawn();
    const back = drawingReducer(finished, { type: 'undo' });
    expect(back.buildings).toHaveLength(0);
    expect(back.draft).toEqual(corners);
    const removed = drawingReducer(finished, { type: 'remove', key: finished.buildings[0]!.key });
    expect(removed.buildings).toHaveLength(0);
    expect(drawingReducer(removed, { type: 'undo' }).buildings).toHaveLength(1);
  });

  it('does nothing without history', () => {
    const state = initialDrawing();
    expect(drawingReducer(state, { type: 'undo' })).toBe(state);
  });

  it('undoes a whole drag in one step', () => {
    const state = drawn();
    const key = state.buildings[0]!.key;
    const dragged = run(
      [
        { type: 'moveVertex', key, vertex: 1, position: [11.5003, 48.1], record: true },
        { type: 'moveVertex', key, vertex: 1, position: [11.5004, 48.1], record: false },
      ],
      state,
    );
    expect(dragged.buildings[0]!.ring[1]).toEqual([11.5004, 48.1]);
    expect(drawingReducer(dragged, { type: 'undo' }).buildings[0]!.ring[1]).toEqual(corners[1]);
  });
});

describe('editing corners', () => {
  it('inserts a corner after the clicked edge', () => {
    const state = drawn();
    const key = state.buildings[0]!.key;
    const inserted = drawingReducer(state, { type: 'insertVertex', key, after: 0, position: [11.5001, 48.1] });
    expect(inserted.buildings[0]!.ring).toEqual([corners[0], [11.5001, 48.1], corners[1], corners[2], corners[3]]);
    expect(inserted.selection).toEqual({ key, vertex: 1 });
  });

  it('deletes the selected corner with Delete, but keeps a triangle whole', () => {
    const state = drawn();
    const key = state.buildings[0]!.key;
    const selected = drawingReducer(state, { type: 'select', selection: { key, vertex: 2 } });
    const deleted = drawingReducer(selected, { type: 'deleteSelected' });
    expect(deleted.buildings[0]!.ring).toEqual([corners[0], corners[1], corners[3]]);
    const again = drawingReducer(drawingReducer(deleted, { type: 'select', selection: { key, vertex: 0 } }), { type: 'deleteSelected' });
    expect(again.buildings[0]!.ring).toHaveLength(3);
  });

  it('updates name, type and levels of a building', () => {
    const state = drawn();
    const key = state.buildings[0]!.key;
    const updated = drawingReducer(state, { type: 'update', key, changes: { name: 'Haus A', type: 'area', levels: 4 } });
    expect(updated.buildings[0]).toMatchObject({ name: 'Haus A', type: 'area', levels: 4 });
  });
});
