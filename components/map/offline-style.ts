import type { StyleSpecification } from 'maplibre-gl';

/**
 * The bundled default map style: a plain background and nothing that needs the network, so the
 * map renders offline (TOOLCHAIN gotcha 7). Pages overlay their own GeoJSON sources and layers.
 * `MAP_STYLE_URL` (satellite or any tile source) replaces it when configured — see map-style.ts.
 * The same style is served as /map/style.json for tools that want a URL.
 */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  name: 'Argus offline',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1ec' } }],
};
