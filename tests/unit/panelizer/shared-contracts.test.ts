import { decodePanelizerPoints, encodePanelizerPoints } from '@/lib/shared/panelizer/points';
import { isSimplePolygon, signedArea } from '@/lib/shared/panelizer/polygon';
import { emptyPanelizerDocument, panelizerDocumentSchema } from '@/lib/shared/panelizer/document';

describe('panelizer shared contracts', () => {
  it('round-trips a point set through the wire format', () => {
    const points = { count: 2, uv: new Float32Array([0.5, 1.5, -2, 3]), rgb: new Uint8Array([1, 2, 3, 250, 251, 252]), bounds: { uMin: -2, uMax: 0.5, vMin: 1.5, vMax: 3 } };
    const decoded = decodePanelizerPoints(encodePanelizerPoints(points).slice().buffer);
    expect(decoded.count).toBe(2);
    expect(Array.from(decoded.uv)).toEqual([0.5, 1.5, -2, 3]);
    expect(Array.from(decoded.rgb)).toEqual([1, 2, 3, 250, 251, 252]);
    expect(decoded.bounds).toEqual(points.bounds);
  });

  it('refuses a buffer whose length does not match its count', () => {
    const bytes = encodePanelizerPoints({ count: 1, uv: new Float32Array([0, 0]), rgb: new Uint8Array(3), bounds: { uMin: 0, uMax: 0, vMin: 0, vMax: 0 } });
    expect(() => decodePanelizerPoints(bytes.slice(0, bytes.length - 1).buffer)).toThrow(RangeError);
  });

  it('tells simple polygons from self-intersecting ones', () => {
    const square: [number, number][] = [[0, 0], [10, 0], [10, 20], [0, 20]];
    expect(signedArea(square)).toBe(200);
    expect(isSimplePolygon(square)).toBe(true);
    expect(isSimplePolygon([[0, 0], [10, 20], [10, 0], [0, 20]])).toBe(false);
    expect(isSimplePolygon([[0, 0], [1, 1], [2, 2]])).toBe(false);
  });

  it('accepts an empty document and refuses unknown fields', () => {
    expect(panelizerDocumentSchema.safeParse(emptyPanelizerDocument([1, 2, 3])).success).toBe(true);
    expect(panelizerDocumentSchema.safeParse({ ...emptyPanelizerDocument([1, 2, 3]), extra: 1 }).success).toBe(false);
  });
});
