/** @jest-environment node */
import { initialSegmentation, placementChanges, segmentationReducer, type SegmentationAction, type SegmentationState } from '@/components/tours/segmentation/segmentation-state';

const start = initialSegmentation({
  1: { floor: 0, x: 0, y: 0, heading: 0 },
  2: { floor: 0, x: 4, y: 0, heading: 90 },
  3: { floor: null, x: null, y: null, heading: 0 },
});
const run = (state: SegmentationState, ...actions: SegmentationAction[]) => actions.reduce(segmentationReducer, state);

describe('the segmentation editor', () => {
  it('moves every selected image on the shown floor by a nudge, and undo puts them back', () => {
    const moved = run(start, { type: 'select', id: 1, additive: false }, { type: 'select', id: 2, additive: true }, { type: 'move', dx: 0.1, dy: -1, record: true });
    expect(moved.placements[1]).toMatchObject({ x: 0.1, y: -1 });
    expect(moved.placements[2]).toMatchObject({ x: 4.1, y: -1 });
    expect(run(moved, { type: 'undo' }).placements).toEqual(start.placements);
  });

  it('records a whole drag as one step', () => {
    const dragged = run(start, { type: 'select', id: 1, additive: false }, { type: 'beginDrag' }, { type: 'move', dx: 1, dy: 0, record: false }, { type: 'move', dx: 1, dy: 1, record: false });
    expect(dragged.placements[1]).toMatchObject({ x: 2, y: 1 });
    expect(dragged.past).toHaveLength(1);
    expect(run(dragged, { type: 'undo' }).placements[1]).toEqual(start.placements[1]);
  });

  it('assigns a floor, places unplaced images where the plan was clicked, and turns headings within 0–360°', () => {
    const placed = run(start, { type: 'showFloor', floor: 1 }, { type: 'select', id: 3, additive: false }, { type: 'placeAt', x: 5, y: 6 }, { type: 'rotate', degrees: -15 });
    expect(placed.placements[3]).toEqual({ floor: 1, x: 5, y: 6, heading: 345 });
    const assigned = run(start, { type: 'select', id: 2, additive: false }, { type: 'showFloor', floor: 0 }, { type: 'select', id: 2, additive: false }, { type: 'showFloor', floor: 2 });
    expect(assigned.selected).toEqual([]);
    const onTwo = run(start, { type: 'select', id: 2, additive: false }, { type: 'assignFloor' });
    expect(onTwo.placements[2]).toEqual({ floor: 0, x: 4, y: 0, heading: 90 });
  });

  it('does not move images of other floors or without a place', () => {
    const state = run(start, { type: 'select', id: 3, additive: false }, { type: 'move', dx: 1, dy: 1, record: true });
    expect(state.placements).toBe(start.placements);
    expect(state.past).toHaveLength(0);
  });

  it('saves only what differs from the server', () => {
    const moved = run(start, { type: 'select', id: 2, additive: false }, { type: 'rotate', degrees: 15 });
    expect(placementChanges(start.placements, moved.placements)).toEqual([{ imageId: 2, floor: 0, x: 4, y: 0, heading: 105 }]);
  });
});
