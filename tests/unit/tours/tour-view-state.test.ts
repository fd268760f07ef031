/** @jest-environment node */
import { parseTourView, startNode, tourViewSearch } from '@/components/tours/viewer/tour-view-state';
import type { TourManifest } from '@/lib/shared/schemas/tour';

describe('the tour address', () => {
  it('round-trips the panorama and the camera, so a copied URL reopens the same view', () => {
    const view = { imageId: 12, yaw: -37.26, pitch: 4.04, zoom: 61.4 };
    expect(tourViewSearch(view)).toBe('?image=12&yaw=-37.3&pitch=4&zoom=61');
    expect(parseTourView(new URLSearchParams(tourViewSearch(view)))).toEqual({ imageId: 12, yaw: -37.3, pitch: 4, zoom: 61 });
  });

  it('falls back to the start for anything unreadable', () => {
    expect(parseTourView({ image: 'x', yaw: '999', pitch: '-91', zoom: ['abc'] })).toEqual({ imageId: null, yaw: 0, pitch: 0, zoom: 50 });
  });

  it('opens the asked panorama when the tour has it, else the first', () => {
    const manifest = { tileSize: 512, floors: [0], nodes: [5, 6].map((id) => ({ id, name: `p${id}`, floor: 0, x: 0, y: 0, heading: 0, levels: [], links: [] })) } satisfies TourManifest;
    expect(startNode(manifest, 6)?.id).toBe(6);
    expect(startNode(manifest, 99)?.id).toBe(5);
  });
});
