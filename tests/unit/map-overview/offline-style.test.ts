import { offlineStyle } from '@/components/map/offline-style';

describe('the bundled base map style (issue 20 item 3)', () => {
  const style = offlineStyle('https://argus.example');

  it('takes everything from the app itself: land, borders, places and glyphs', () => {
    expect(style.glyphs).toBe('https://argus.example/map/fonts/{fontstack}/{range}.pbf');
    expect(Object.values(style.sources).map((s) => (s as { data: string }).data)).toEqual([
      'https://argus.example/map/basemap/land.json',
      'https://argus.example/map/basemap/borders.json',
      'https://argus.example/map/basemap/places.json',
    ]);
  });

  it('draws water, then land, then borders, then the names, the largest places topmost so they win a collision', () => {
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'borders', 'places-0', 'places-1', 'places-2', 'places-3']);
    const minzoom = (id: string) => style.layers.find((l) => l.id === id)!.minzoom!;
    expect(minzoom('places-3')).toBeLessThan(minzoom('places-2'));
    expect(minzoom('places-2')).toBeLessThan(minzoom('places-1'));
    expect(minzoom('places-1')).toBeLessThan(minzoom('places-0'));
  });
});
