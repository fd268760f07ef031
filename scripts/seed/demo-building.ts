import { type Bounds, type CloudHeader, type CoordinateSystem, type PointBatch } from '@/lib/server/pointcloud/types';
import { buildingSurfaces, EAVES, GROUND, keptArea, LENGTH, DEPTH, RIDGE, STOREYS, type Surface, TERRAIN_AMPLITUDE } from './demo-building-surfaces';

/**
 * A procedural scan of a building for the demo mission: it gives a newcomer real-looking point
 * data without any upload. Deterministic: the same seed and count give the same points.
 */

/** ETRS89 / UTM zone 32N, the projected system German surveys deliver in. */
export const DEMO_BUILDING_CRS: CoordinateSystem = { epsg: 25832, units: 'm' };

/**
 * Where the building's south-west corner stands: central München (11.5755° E, 48.1374° N, the
 * centre of the demo data's first city; its missions lie within a few kilometres) at about the
 * city's ground height.
 */
export const DEMO_BUILDING_ORIGIN: [number, number, number] = [691600, 5334780, 519];

export const DEMO_BUILDING_POINT_COUNT = 1_500_000;
export const DEMO_BUILDING_SEED = 20261125;

export const DEMO_BUILDING_DESCRIPTION =
  `Procedural scan of a ${STOREYS}-storey plastered building, ${LENGTH} × ${DEPTH} m, with windows, a door and a tiled gable roof, on grass and asphalt`;

// Noise is bounded at three standard deviations (see `noise`), so these boxes hold every point.
const NOISE_LIMIT = 0.05;

/** A box that holds every point, within a few centimetres of the extremes. */
export const DEMO_BUILDING_BOUNDS: Bounds = {
  min: [DEMO_BUILDING_ORIGIN[0] + GROUND.west, DEMO_BUILDING_ORIGIN[1] + GROUND.south, DEMO_BUILDING_ORIGIN[2] - TERRAIN_AMPLITUDE - NOISE_LIMIT],
  max: [DEMO_BUILDING_ORIGIN[0] + GROUND.east, DEMO_BUILDING_ORIGIN[1] + GROUND.north, DEMO_BUILDING_ORIGIN[2] + RIDGE + NOISE_LIMIT],
};

/** What every batch carries, in the shape of `CloudHeader.attributes`. */
export const DEMO_BUILDING_ATTRIBUTES: CloudHeader['attributes'] = { rgb: true, intensity: true, classification: true, returns: false, gpsTime: false };

export const DEMO_BUILDING_HEIGHTS = { eaves: EAVES, ridge: RIDGE };

const BATCH_SIZE = 65536;

// Builtins held in module constants: a global lookup per point is slow inside a vm context (Jest).
const { imul, min, max, round } = Math;

/** mulberry32, as `prng` in demo-places.ts, written against the constants above. */
function random32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoBuildingOptions {
  seed?: number;
  pointCount?: number;
}

/** The building's points in batches (positions in EPSG:25832 metres, RGB, intensity, classes 2 and 6). */
export async function* generateDemoBuilding(options: DemoBuildingOptions = {}): AsyncGenerator<PointBatch> {
  yield* demoBuildingBatches(options);
}

function* demoBuildingBatches({ seed = DEMO_BUILDING_SEED, pointCount = DEMO_BUILDING_POINT_COUNT }: DemoBuildingOptions): Generator<PointBatch> {
  const surfaces = buildingSurfaces();
  const sampler = { random: random32(seed), surfaces, budgets: pointBudgets(surfaces, pointCount), surface: 0, placed: 0 };
  for (let left = pointCount; left > 0; ) {
    const batch = newBatch(Math.min(BATCH_SIZE, left));
    fill(batch, sampler);
    left -= batch.count;
    yield batch;
  }
}

interface Sampler {
  random: () => number;
  surfaces: Surface[];
  budgets: number[];
  /** The surface being sampled and how many of its points are placed. */
  surface: number;
  placed: number;
}

/**
 * Fills the batch with the next points, surface after surface. Kept out of the generator: per-point
 * loops inside a generator are slow wherever generators are compiled to state machines (Jest).
 */
function fill(batch: DemoBatch, sampler: Sampler): void {
  const { random, surfaces, budgets } = sampler;
  // Roughly a normal distribution (sum of three uniforms), bounded at ±3 standard deviations.
  const noise = (deviation: number) => (random() + random() + random() - 1.5) * 2 * deviation;
  const size = batch.positions.length / 3;
  while (batch.count < size) {
    const surface = surfaces[sampler.surface]!;
    if (sampler.placed === budgets[sampler.surface]) {
      sampler.surface++;
      sampler.placed = 0;
      continue;
    }
    const s = random() * surface.width;
    const t = random() * surface.height;
    if (surface.keep && !surface.keep(s, t)) continue;
    if (surface.acceptance && random() > surface.acceptance(s, t)) continue;
    const { origin, along, up, normal, material } = surface;
    const offset = (surface.relief ? surface.relief(s, t) : 0) + noise(surface.noise);
    const i = batch.count++;
    for (let axis = 0; axis < 3; axis++) {
      batch.positions[i * 3 + axis] = DEMO_BUILDING_ORIGIN[axis]! + origin[axis]! + along[axis]! * s + up[axis]! * t + normal[axis]! * offset;
    }
    const shade = surface.shade ? surface.shade(s, t) : 1;
    const brightness = noise(material.colourNoise);
    for (let c = 0; c < 3; c++) {
      // Mostly brightness noise, a little per channel: plaster and grass vary in tone, not hue.
      const value = material.colour[c]! * shade + brightness + noise(material.colourNoise / 3);
      batch.rgb[i * 3 + c] = min(255, max(0, round(value))) * 257;
    }
    batch.intensity[i] = min(65535, max(0, round(material.intensity * shade + noise(1500))));
    batch.classification[i] = material.classification;
    sampler.placed++;
  }
}

/** Points per surface, proportional to its area and density, summing exactly to `pointCount`. */
function pointBudgets(surfaces: Surface[], pointCount: number): number[] {
  const weights = surfaces.map((surface) => keptArea(surface) * surface.density);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const budgets = weights.map((w) => Math.floor((w / total) * pointCount));
  const largest = weights.indexOf(Math.max(...weights));
  budgets[largest]! += pointCount - budgets.reduce((sum, b) => sum + b, 0);
  return budgets;
}

type DemoBatch = PointBatch & { rgb: Uint16Array; intensity: Uint16Array; classification: Uint8Array };

function newBatch(size: number): DemoBatch {
  return {
    count: 0,
    positions: new Float64Array(size * 3),
    rgb: new Uint16Array(size * 3),
    intensity: new Uint16Array(size),
    classification: new Uint8Array(size),
  };
}
