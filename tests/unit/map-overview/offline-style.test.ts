import { offlineStyle } from '@/components/map/offline-style';

describe('the bundled base map style (issue 20 item 3)', () => {
  const style = offlineStyle('https://argus.example', { lakes: 'Seen: © OpenStreetMap-Mitwirkende (ODbL)', places: 'Orte: GeoNames (CC BY 4.0)' });

  it('takes everything from the app itself: land, lakes, borders, places and glyphs', () => {
    expect(style.glyphs).toBe('https://argus.example/map/fonts/{fontstack}/{range}.pbf');
    expect(Object.values(style.sources).map((s) => (s as { data: string }).data)).toEqual([
      'https://argus.example/map/basemap/land.json',
      'https://argus.example/map/basemap/lakes.json',
      'https://argus.example/map/basemap/borders.json',
      'https://argus.example/map/basemap/places.json',
    ]);
  });

  it('draws water, then land, lakes on the land in the water colour, then borders, then the names, the largest places topmost so they win a collision', () => {
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'lakes', 'borders', 'places-0', 'places-1', 'places-2', 'places-3']);
    const paint = (id: string) => (style.layers.find((l) => l.id === id) as { paint: Record<string, unknown> }).paint;
    expect(paint('lakes')['fill-color']).toBe(paint('water')['background-color']);
    // Their data is OpenStreetMap's, whose licence asks to be named.
    expect(style.sources.lakes).toMatchObject({ attribution: 'Seen: © OpenStreetMap-Mitwirkende (ODbL)' });
    expect(style.sources.places).toMatchObject({ attribution: 'Orte: GeoNames (CC BY 4.0)' });
    const minzoom = (id: string) => style.layers.find((l) => l.id === id)!.minzoom!;
    expect(minzoom('places-3')).toBeLessThan(minzoom('places-2'));
    expect(minzoom('places-2')).toBeLessThan(minzoom('places-1'));
    expect(minzoom('places-1')).toBeLessThan(minzoom('places-0'));
  });
});
