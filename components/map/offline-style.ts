import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';

/** Water is the background: the land is drawn on it. */
const WATER = '#c9dcec';
const LAND = '#f3f1ec';
const BORDER = '#9b8fae';
const FONT = 'Noto Sans Regular';

/**
 * Which places are named from which zoom on (ranks: scripts/basemap.mjs). The largest come last:
 * MapLibre places the symbols of the topmost layer first, so a capital wins over a town beside it.
 */
const PLACE_RANKS = [
  { rank: 0, minzoom: 8.5, size: 11 },
  { rank: 1, minzoom: 7, size: 11 },
  { rank: 2, minzoom: 5, size: 12 },
  { rank: 3, minzoom: 2, size: 13 },
];

const byZoom = (pairs: [number, number][]): ExpressionSpecification => ['interpolate', ['linear'], ['zoom'], ...pairs.flat()];

function placeLayers(): LayerSpecification[] {
  return PLACE_RANKS.map(({ rank, minzoom, size }) => ({
    id: `places-${rank}`,
    type: 'symbol',
    source: 'places',
    minzoom,
    filter: ['==', ['get', 'rank'], rank],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [FONT],
      'text-size': byZoom([[minzoom, size], [12, size + 3]]),
      'text-max-width': 8,
      'text-padding': 4,
    },
    paint: { 'text-color': '#3d3d45', 'text-halo-color': 'rgba(255, 255, 255, 0.9)', 'text-halo-width': 1.5 },
  }));
}

/** The attribution control's credits for the lakes and the places, in the reader's language. */
export interface OfflineCredits {
  lakes: string;
  places: string;
}

/**
 * The bundled default map style (issue 20 item 3): land, sea and lakes, country borders and place
 * names from Natural Earth, OpenStreetMap and GeoNames, served by the app itself (public/map/, written at build time by
 * scripts/basemap.mjs), so the map shows where things are without any network. Street and
 * satellite detail come with a style of one's own through `MAP_STYLE_URL` (map-style.ts). The URLs
 * are absolute because MapLibre loads sources in a worker.
 */
export function offlineStyle(origin: string, credits: OfflineCredits): StyleSpecification {
  const data = (name: string) => `${origin}/map/basemap/${name}.json`;
  return {
    version: 8,
    name: 'Argus offline',
    glyphs: `${origin}/map/fonts/{fontstack}/{range}.pbf`,
    sources: {
      land: { type: 'geojson', data: data('land'), attribution: 'Natural Earth' },
      lakes: { type: 'geojson', data: data('lakes'), attribution: credits.lakes },
      borders: { type: 'geojson', data: data('borders') },
      places: { type: 'geojson', data: data('places'), attribution: credits.places },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND } },
      { id: 'lakes', type: 'fill', source: 'lakes', paint: { 'fill-color': WATER } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': BORDER, 'line-width': byZoom([[2, 0.6], [8, 1.4], [14, 2]]), 'line-dasharray': [3, 2] },
      },
      ...placeLayers(),
    ],
  };
}
