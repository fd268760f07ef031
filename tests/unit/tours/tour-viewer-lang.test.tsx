import { waitFor } from '@testing-library/react';
import { TourViewer } from '@/components/tours/viewer/tour-viewer';
import type { EngineOptions } from '@/components/tours/viewer/psv';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { PANORAMA_TEXTS } from '@/lib/shared/tours/panorama-lang';
import de from '@/messages/de.json';
import { renderWithIntl } from '@/tests/support/render-with-intl';

// Photo Sphere Viewer needs WebGL: the test looks at what the viewer is built with.
const createTourEngine = jest.fn((options: EngineOptions) => {
  void options;
  return { goTo: jest.fn(), recenter: jest.fn(), toggleGallery: jest.fn(), setUiVisible: jest.fn(), setLinks: jest.fn(), destroy: jest.fn() };
});
jest.mock('@/components/tours/viewer/psv', () => ({ createTourEngine: (o: EngineOptions) => createTourEngine(o) }));
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => jest.fn() }));

const manifest: TourManifest = {
  tileSize: 512,
  floors: [0],
  nodes: [{ id: 4, name: 'Flur', floor: 0, x: 1, y: 2, heading: 0, levels: [{ width: 1024, cols: 2, rows: 1 }], links: [] }],
};

describe('tour viewer texts', () => {
  it("gives Photo Sphere Viewer's navbar and loader German texts on the German interface", async () => {
    renderWithIntl(<TourViewer name="Rundgang" manifest={manifest} filesBase="/files" initial={{ imageId: 4, yaw: 0, pitch: 0, zoom: 50 }} />, { locale: 'de' });
    await waitFor(() => expect(createTourEngine).toHaveBeenCalled());
    const { lang } = createTourEngine.mock.calls[0]![0];
    expect(lang).toMatchObject({ zoomIn: 'Vergrößern', zoomOut: 'Verkleinern', fullscreen: 'Vollbild', description: 'Beschreibung', close: 'Schließen', gallery: 'Alle Bilder', loading: 'Wird geladen …' });
    expect(lang).toEqual(de.tours.viewer.panorama);
    expect(Object.keys(lang).sort()).toEqual([...PANORAMA_TEXTS].sort());
  });
});
