import { contains, moveRegion, nudgeRegion, polygonRegion, regionInView, resizeRegion, type DraftRegion } from '@/components/blurring/editor/geometry';
import { emptyRegions, regionsReducer } from '@/components/blurring/editor/regions-state';

const rect: DraftRegion = { id: 'r', shape: 'rectangle', kind: 'plate', x: 10, y: 10, width: 20, height: 10 };

describe('the blurring editor geometry', () => {
  it('resizes by a corner while the opposite corner stays, and flips when dragged past it', () => {
    expect(resizeRegion(rect, 'se', 50, 40)).toMatchObject({ x: 10, y: 10, width: 40, height: 30 });
    expect(resizeRegion(rect, 'nw', 40, 30)).toMatchObject({ x: 30, y: 20, width: 10, height: 10 });
  });

  it('moves and scales a polygon with its points', () => {
    const poly = polygonRegion('p', [[0, 0], [10, 0], [0, 10]], 'other');
    expect(moveRegion(poly, 5, 5).points).toEqual([[5, 5], [15, 5], [5, 15]]);
    expect(resizeRegion(poly, 'se', 20, 20).points).toEqual([[0, 0], [20, 0], [0, 20]]);
  });

  it('hits inside an ellipse but not in its bounding box corner', () => {
    const ellipse: DraftRegion = { ...rect, shape: 'ellipse', x: 0, y: 0, width: 20, height: 20 };
    expect(contains(ellipse, 10, 10)).toBe(true);
    expect(contains(ellipse, 1, 1)).toBe(false);
    expect(contains(polygonRegion('p', [[0, 0], [10, 0], [0, 10]], 'other'), 2, 2)).toBe(true);
    expect(contains(polygonRegion('p', [[0, 0], [10, 0], [0, 10]], 'other'), 8, 8)).toBe(false);
  });

  it('undoes a whole drag in one step, and redoes it', () => {
    let s = regionsReducer(emptyRegions, { type: 'load', regions: [rect] });
    s = regionsReducer(s, { type: 'begin' });
    s = regionsReducer(s, { type: 'change', region: moveRegion(rect, 1, 0) });
    s = regionsReducer(s, { type: 'change', region: moveRegion(rect, 5, 0) });
    expect(s.dirty).toBe(true);
    s = regionsReducer(s, { type: 'undo' });
    expect(s.regions).toEqual([rect]);
    s = regionsReducer(s, { type: 'redo' });
    expect(s.regions[0]!.x).toBe(15);
    s = regionsReducer(s, { type: 'remove', id: 'r' });
    expect(s.regions).toEqual([]);
  });

  it('nudges by keyboard: a move stays on the image, a resize never goes below the minimum nor flips', () => {
    const image = { width: 100, height: 50 };
    expect(nudgeRegion(rect, 500, 0, false, image)).toMatchObject({ x: 96, y: 10 });
    expect(nudgeRegion(rect, 5, -3, true, image)).toMatchObject({ x: 10, y: 10, width: 25, height: 7 });
    expect(nudgeRegion(rect, -50, -50, true, image)).toMatchObject({ x: 10, y: 10, width: 4, height: 4 });
  });

  it('puts a keyboard-added region in the middle of the image in view, or of the whole image when none is in view', () => {
    const image = { width: 1000, height: 500 };
    expect(regionInView('a', 'ellipse', 'face', { x: 500, y: 0, width: 1000, height: 1000 }, image)).toMatchObject({ shape: 'ellipse', x: 700, y: 200, width: 100, height: 100 });
    expect(regionInView('b', 'rectangle', 'plate', { x: 2000, y: 0, width: 10, height: 10 }, image)).toMatchObject({ x: 450, y: 200, width: 100, height: 100 });
    expect(regionInView('c', 'polygon', 'other', { x: NaN, y: NaN, width: NaN, height: NaN }, image).points).toEqual([[450, 200], [550, 200], [550, 300], [450, 300]]);
  });
});
