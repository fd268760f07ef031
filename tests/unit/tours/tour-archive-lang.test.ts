import { indexHtml, tourDataJs } from '@/lib/server/tours/archive/archive-entries';
import type { TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';

const archive = {
  format: 'argus-tour',
  version: 1,
  name: 'Rundgang Süd',
  exportedAt: '2026-12-07T10:00:00.000Z',
  tour: { tileSize: 512, floors: [0], nodes: [] },
} as unknown as TourArchiveManifest;

/** What the exported page's scripts set on `window`. */
function run(js: string): { ARGUS_TOUR?: unknown; ARGUS_TOUR_LANG?: Record<string, string> } {
  const window: Record<string, unknown> = {};
  new Function('window', js)(window);
  return window;
}

describe('exported tour texts', () => {
  it('gives the offline viewer German texts when exported from the German interface', () => {
    const lang = run(tourDataJs(archive, 'de')).ARGUS_TOUR_LANG;
    expect(lang).toMatchObject({ zoomIn: 'Vergrößern', zoomOut: 'Verkleinern', fullscreen: 'Vollbild', gallery: 'Alle Bilder', close: 'Schließen' });
    expect(indexHtml(archive, 'de')).toContain('<html lang="de">');
  });

  it('and English ones from the English interface, next to the unchanged manifest', () => {
    const page = run(tourDataJs(archive, 'en'));
    expect(page.ARGUS_TOUR).toEqual(archive);
    expect(page.ARGUS_TOUR_LANG).toMatchObject({ zoomIn: 'Zoom in', fullscreen: 'Fullscreen' });
    expect(indexHtml(archive, 'en')).toContain('<html lang="en">');
  });
});
