import { type Bounds, type CoordinateSystem, type PointBatch } from '@/lib/server/pointcloud/types';
import { buildingSurfaces, EAVES, GROUND, keptArea, LENGTH, DEPTH, RIDGE, STOREYS, type Surface, TERRAIN_AMPLITUDE } from './demo-building-surfaces';
import { prng } from './demo-places';

/**
 * A procedural scan of a building for the demo mission: it gives a newcomer real-looking point
 * data without any upload. Deterministic: the same seed and count give the same points.
 */

/** ETRS89 / UTM zone 32N, the projected system German surveys deliver in. */
export const DEMO_BUILDING_CRS: CoordinateSystem = { epsg: 25832, units: 'm' };

/**
 * Where the building's south-west corner stands: central München (11.5755° E, 48.1374° N, the
 * demo data's first city, where the first demo mission lies) at about the city's ground height.
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

export const DEMO_BUILDING_HEIGHTS = { eaves: EAVES, ridge: RIDGE };

const BATCH_SIZE = 65536;

export interface DemoBuildingOptions {
  seed?: number;
  pointCount?: number;
}

/** The building's points in batches (positions in EPSG:25832 metres, RGB, intensity, classes 2 and 6). */
export async function* generateDemoBuilding(options: DemoBuildingOptions = {}): AsyncGenerator<PointBatch> {
  yield* demoBuildingBatches(options);
}

function* demoBuildingBatches({ seed = DEMO_BUILDING_SEED, pointCount = DEMO_BUILDING_POINT_COUNT }: DemoBuildingOptions): Generator<PointBatch> {
  const random = prng(seed);
  // Roughly a normal distribution (sum of three uniforms), bounded at ±3 standard deviations.
  const noise = (deviation: number) => (random() + random() + random() - 1.5) * 2 * deviation;
  const surfaces = buildingSurfaces();
  const budgets = pointBudgets(surfaces, pointCount);

  let batch = newBatch(Math.min(BATCH_SIZE, pointCount));
  let emitted = 0;
  for (let k = 0; k < surfaces.length; k++) {
    const surface = surfaces[k]!;
    const { origin, along, up, normal, material } = surface;
    for (let placed = 0; placed < budgets[k]!; ) {
      const s = random() * surface.width;
      const t = random() * surface.height;
      if (surface.keep && !surface.keep(s, t)) continue;
      if (surface.acceptance && random() > surface.acceptance(s, t)) continue;
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
        batch.rgb![i * 3 + c] = Math.min(255, Math.max(0, Math.round(value))) * 257;
      }
      batch.intensity![i] = Math.min(65535, Math.max(0, Math.round(material.intensity * shade + noise(1500))));
      batch.classification![i] = material.classification;
      placed++;
      emitted++;
      if (batch.count === batch.positions.length / 3) {
        yield batch;
        batch = newBatch(Math.min(BATCH_SIZE, pointCount - emitted));
      }
    }
  }
  if (batch.count > 0) yield batch;
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

function newBatch(size: number): PointBatch & { rgb: Uint16Array; intensity: Uint16Array; classification: Uint8Array } {
  return {
    count: 0,
    positions: new Float64Array(size * 3),
    rgb: new Uint16Array(size * 3),
    intensity: new Uint16Array(size),
    classification: new Uint8Array(size),
  };
}
