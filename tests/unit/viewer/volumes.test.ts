import { boxCorners, METRES_PER_UNIT, slabSize, sliceExtent, slicePixels } from '@/lib/shared/viewer/volumes';

// Issue 16 slices and clip boxes: the slab a slice cuts and the pixel size of its exported view.
describe('slices', () => {
  it('cuts an upright slab across its depth and a flat one across its height', () => {
    expect(slabSize({ size: [20, 5, 12], width: 0.3, axis: 'vertical' })).toEqual([20, 0.3, 12]);
    expect(slabSize({ size: [20, 15, 12], width: 0.3, axis: 'horizontal' })).toEqual([20, 15, 0.3]);
    expect(sliceExtent({ size: [20, 15, 12], axis: 'vertical' })).toEqual({ width: 20, height: 12 });
    expect(sliceExtent({ size: [20, 15, 12], axis: 'horizontal' })).toEqual({ width: 20, height: 15 });
  });

  it('sizes the picture from the scale and resolution: a metre at 1:100 and 254 dpi is 100 pixels', () => {
    expect(slicePixels({ size: [20, 0.3, 12], axis: 'vertical' }, 'm', 100, 254)).toEqual({ width: 2000, height: 1200 });
    expect(slicePixels({ size: [20, 0.3, 12], axis: 'vertical' }, 'm', 50, 254)).toEqual({ width: 4000, height: 2400 });
    // 1:200 at 72 dpi: 20 m are 0.1 m of paper, 3.937 inches, 283 pixels.
    expect(slicePixels({ size: [20, 0.3, 12], axis: 'vertical' }, 'm', 200, 72)).toEqual({ width: 283, height: 170 });
    // A US-feet cloud: 100 US survey feet at 1:100 are 0.3048006 m of paper.
    expect(slicePixels({ size: [100, 1, 100], axis: 'vertical' }, 'us-ft', 100, 254).width).toBe(Math.round(100 * METRES_PER_UNIT['us-ft'] * 10000 / 100));
    expect(slicePixels({ size: [0.001, 1, 0.001], axis: 'vertical' }, 'm', 500, 72)).toEqual({ width: 1, height: 1 });
  });
});

describe('boxes', () => {
  it('turns the corners about the vertical through the centre', () => {
    const corners = boxCorners([100, 200, 10], [4, 2, 6], Math.PI / 2);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(2, 9);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(4, 9);
    expect(Math.min(...corners.map((c) => c[2]))).toBe(7);
    expect(Math.max(...corners.map((c) => c[2]))).toBe(13);
  });
});
