import { contains, moveRegion, polygonRegion, resizeRegion, type DraftRegion } from '@/components/blurring/editor/geometry';
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
});
