// Copies browser assets that must be served as plain files (not bundled) into public/.
import { copyFileSync, existsSync } from 'node:fs';

// MapLibre's worker cannot be bundled by Next (TOOLCHAIN gotcha 7).
const maplibreWorker = 'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs';
if (existsSync(maplibreWorker)) copyFileSync(maplibreWorker, 'public/maplibre-gl-worker.mjs');

// The offline base map's land, borders, places and glyphs (issue 20 item 3).
await import('./basemap.mjs');
