import { mergeRegions } from '@/lib/server/blurring/region-merge';
import type { Region } from '@/lib/shared/schemas/blurring';

const NOW = new Date('2026-03-02T10:00:00Z');
const proposal: Region = {
  id: '5b0c9a52-1f1e-4d7e-9a36-0c4f2f1d0a01', shape: 'ellipse', kind: 'face', x: 10, y: 20, width: 30, height: 40,
  source: 'detector', confidence: 0.91, adjusted: false, createdBy: null, createdAt: '2026-03-01T09:00:00.000Z',
};

describe('saving regions keeps where each came from', () => {
  it('keeps an untouched proposal as it was', () => {
    const { regions, changes } = mergeRegions([proposal], [{ ...proposal }], 'u1', NOW);
    expect(regions).toEqual([proposal]);
    expect(changes).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('marks a moved proposal adjusted, still from the detector with its confidence', () => {
    const { regions, changes } = mergeRegions([proposal], [{ ...proposal, x: 12 }], 'u1', NOW);
    expect(regions[0]).toMatchObject({ x: 12, source: 'detector', confidence: 0.91, adjusted: true, createdBy: null });
    expect(changes.changed).toBe(1);
  });

  it('records a new region as drawn by hand by the saving user, and counts removals', () => {
    const id = '9d7e2f1c-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
    const { regions, changes } = mergeRegions([proposal], [{ id, shape: 'polygon', kind: 'plate', x: 0, y: 0, width: 1, height: 1, points: [[5, 5], [25, 8], [15, 30]] }], 'u1', NOW);
    expect(regions).toEqual([
      { id, shape: 'polygon', kind: 'plate', points: [[5, 5], [25, 8], [15, 30]], x: 5, y: 5, width: 20, height: 25, source: 'manual', confidence: null, adjusted: false, createdBy: 'u1', createdAt: NOW.toISOString() },
    ]);
    expect(changes).toEqual({ added: 1, removed: 1, changed: 0 });
  });
});
