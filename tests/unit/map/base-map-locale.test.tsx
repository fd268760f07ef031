import type { ReactNode } from 'react';
import BaseMapInner from '@/components/map/base-map-inner';
import { renderWithIntl } from '@/tests/support/render-with-intl';

// MapLibre needs WebGL: the test looks at what the map is created with, not at the canvas.
const mapProps = jest.fn();
// (Both are ESM-only packages Jest cannot resolve: stood in for by name.)
jest.mock('maplibre-gl', () => ({ setWorkerUrl: jest.fn() }), { virtual: true });
jest.mock('react-map-gl/maplibre', () => ({
  __esModule: true,
  default: ({ children, ...props }: { children?: ReactNode }) => {
    mapProps(props);
    return <div>{children}</div>;
  },
  NavigationControl: () => null,
  AttributionControl: () => null,
}), { virtual: true });

const view = { longitude: 7, latitude: 51, zoom: 6 };
const locale = () => (mapProps.mock.calls.at(-1)![0] as { locale: Record<string, string> }).locale;

describe('base map', () => {
  beforeEach(() => mapProps.mockClear());

  it("gives MapLibre's controls German texts on the German interface", () => {
    renderWithIntl(<BaseMapInner initialView={view} styleUrl="/style.json" label="Missionskarte" />, { locale: 'de' });
    expect(locale()).toMatchObject({
      'NavigationControl.ZoomIn': 'Vergrößern',
      'NavigationControl.ZoomOut': 'Verkleinern',
      'AttributionControl.ToggleAttribution': 'Kartenquellen ein- oder ausblenden',
      'FullscreenControl.Enter': 'Vollbild',
      'Popup.Close': 'Popup schließen',
      'Map.Title': 'Missionskarte',
    });
  });

  it('leaves no MapLibre text in English on the German interface', () => {
    renderWithIntl(<BaseMapInner initialView={view} styleUrl="/style.json" />, { locale: 'de' });
    expect(locale()['Map.Title']).toBe('Karte');
    expect(Object.values(locale())).not.toContain('Zoom in');
    expect(Object.keys(locale())).toHaveLength(20);
  });

  it('credits the bundled map\'s sources in German on the German interface', () => {
    renderWithIntl(<BaseMapInner initialView={view} />, { locale: 'de' });
    const style = (mapProps.mock.calls.at(-1)![0] as { mapStyle: { sources: Record<string, { attribution?: string }> } }).mapStyle;
    expect(style.sources.places!.attribution).toBe('Orte: GeoNames (CC BY 4.0)');
    expect(style.sources.lakes!.attribution).toBe('Seen: © OpenStreetMap-Mitwirkende (ODbL)');
  });

  it('speaks English on the English interface', () => {
    renderWithIntl(<BaseMapInner initialView={view} styleUrl="/style.json" />);
    expect(locale()).toMatchObject({ 'NavigationControl.ZoomIn': 'Zoom in', 'Map.Title': 'Map' });
  });
});
