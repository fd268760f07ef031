/** @jest-environment node */
import { initialSegmentation, placementChanges, prefilled, segmentationReducer, type SegmentationAction, type SegmentationState } from '@/components/tours/segmentation/segmentation-state';

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

describe('pre-filled from the image files', () => {
  const image = (imageId: number, placed: { floor: number | null; x: number | null; y: number | null; heading: number }, fromMetadata: { heading: number | null; x: number | null; y: number | null } | null) => ({
    imageId, inTours: true, ...placed, fromMetadata,
  });

  it("starts an unplaced image at its file's position and heading, unsaved; a placed one keeps its place", () => {
    const items = [
      image(1, { floor: null, x: null, y: null, heading: 0 }, { heading: 135, x: 12, y: -7.5 }),
      image(2, { floor: null, x: null, y: null, heading: 0 }, { heading: 90, x: null, y: null }),
      image(3, { floor: 0, x: 1, y: 2, heading: 10 }, { heading: 200, x: 30, y: 30 }),
      image(4, { floor: null, x: null, y: null, heading: 0 }, null),
    ];
    const start = prefilled(items);
    expect(start).toEqual({
      1: { floor: null, x: 12, y: -7.5, heading: 135 },
      2: { floor: null, x: null, y: null, heading: 90 },
      3: { floor: 0, x: 1, y: 2, heading: 10 },
      4: { floor: null, x: null, y: null, heading: 0 },
    });
    const server = Object.fromEntries(items.map((i) => [i.imageId, { floor: i.floor, x: i.x, y: i.y, heading: i.heading }]));
    expect(placementChanges(server, start).map((c) => c.imageId)).toEqual([1, 2]);
  });
});
