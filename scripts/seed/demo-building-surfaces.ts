/**
 * The demo building as flat surfaces to sample: ground, four plastered facades with window and
 * door openings (their reveals and dark glass set back in the wall), gable ends and a tiled
 * pitched roof. Local metres: x east, y north, z up from the ground floor; the building's
 * south-west corner is (0, 0, 0).
 */

// Builtins held in module constants: a global lookup per point is slow inside a vm context (Jest).
const { abs, cos, exp, floor, hypot, max, min, sin, tan } = Math;

export type Vector = [number, number, number];

export interface Material {
  /** 8-bit colour; the sampler adds noise and spreads it over 16 bits. */
  colour: Vector;
  colourNoise: number;
  intensity: number;
  classification: 2 | 6;
}

export interface Surface {
  origin: Vector;
  /** Unit vectors along the surface's width (s) and height (t). */
  along: Vector;
  up: Vector;
  normal: Vector;
  width: number;
  height: number;
  material: Material;
  /** Relative point density (points per m² against the facade's). */
  density: number;
  /** Scanner range noise (standard deviation, metres), applied along the normal. */
  noise: number;
  /** Which parts of the rectangle exist (openings, the gable's slopes); all when absent. */
  keep?: (s: number, t: number) => boolean;
  /** Acceptance 0–1 that makes the density uneven, as a scanner's is; 1 when absent. */
  acceptance?: (s: number, t: number) => number;
  /** Height of the surface at (s, t) along its normal (terrain); 0 when absent. */
  relief?: (s: number, t: number) => number;
  /** Colour factor at (s, t) (tile rows); 1 when absent. */
  shade?: (s: number, t: number) => number;
}

export const LENGTH = 24;
export const DEPTH = 12;
export const STOREYS = 4;
export const STOREY_HEIGHT = 3;
export const EAVES = STOREYS * STOREY_HEIGHT;
const PITCH = (35 * Math.PI) / 180;
const OVERHANG = 0.4;
export const RIDGE = EAVES + (DEPTH / 2) * tan(PITCH);
/** The ground rectangle around the building. */
export const GROUND: Area = { west: -20, east: 44, south: -16, north: 28 };
export const TERRAIN_AMPLITUDE = 0.25;

export const WINDOW = { width: 1.2, height: 1.4, sill: 0.9, pitch: 3, reveal: 0.2 };
export const DOOR = { width: 1.4, height: 2.3, reveal: 0.15, centre: LENGTH / 2 };

const MATERIALS = {
  plaster: { colour: [226, 214, 190], colourNoise: 6, intensity: 32000, classification: 6 },
  plinth: { colour: [150, 146, 140], colourNoise: 8, intensity: 26000, classification: 6 },
  glass: { colour: [38, 48, 58], colourNoise: 6, intensity: 4000, classification: 6 },
  frame: { colour: [238, 238, 236], colourNoise: 4, intensity: 36000, classification: 6 },
  door: { colour: [108, 70, 42], colourNoise: 8, intensity: 18000, classification: 6 },
  tiles: { colour: [158, 66, 44], colourNoise: 12, intensity: 21000, classification: 6 },
  grass: { colour: [82, 122, 52], colourNoise: 18, intensity: 12000, classification: 2 },
  asphalt: { colour: [72, 72, 75], colourNoise: 10, intensity: 8000, classification: 2 },
  paving: { colour: [160, 156, 150], colourNoise: 10, intensity: 15000, classification: 2 },
} satisfies Record<string, Material>;

const add = (a: Vector, b: Vector, k = 1): Vector => [a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k];
const UP: Vector = [0, 0, 1];

/** The window (or door) opening at distance s along a facade and height t, if any. */
export interface Opening {
  left: number;
  bottom: number;
  width: number;
  height: number;
  reveal: number;
  door: boolean;
}

export function openingsOf(facadeLength: number, withDoor: boolean): Opening[] {
  const openings: Opening[] = [];
  const columns = floor(facadeLength / WINDOW.pitch);
  for (let storey = 0; storey < STOREYS; storey++) {
    for (let column = 0; column < columns; column++) {
      const centre = (column + 0.5) * WINDOW.pitch;
      const left = centre - WINDOW.width / 2;
      // The door takes the ground-floor windows it would overlap.
      if (withDoor && storey === 0 && abs(centre - DOOR.centre) < (WINDOW.width + DOOR.width) / 2) continue;
      openings.push({ left, bottom: storey * STOREY_HEIGHT + WINDOW.sill, width: WINDOW.width, height: WINDOW.height, reveal: WINDOW.reveal, door: false });
    }
  }
  if (withDoor) openings.push({ left: DOOR.centre - DOOR.width / 2, bottom: 0, width: DOOR.width, height: DOOR.height, reveal: DOOR.reveal, door: true });
  return openings;
}

function facade(origin: Vector, along: Vector, normal: Vector, length: number, withDoor: boolean, gable: boolean): Surface[] {
  const openings = openingsOf(length, withDoor);
  const inOpening = (s: number, t: number) => openings.some((o) => s > o.left && s < o.left + o.width && t > o.bottom && t < o.bottom + o.height);
  const height = gable ? RIDGE : EAVES;
  // Gable ends follow the roof line: above the eaves only the triangle under the ridge is wall.
  const underRoof = (s: number, t: number) => t <= EAVES || t - EAVES <= (length / 2 - abs(s - length / 2)) * tan(PITCH);
  // A scanner on the ground sees high walls at a grazing angle: fewer points further up.
  const fromGround = (_s: number, t: number) => 1 - (0.45 * t) / RIDGE;
  const wall = (material: Material, bottom: number, top: number): Surface => ({
    origin: add(origin, UP, bottom), along, up: UP, normal, width: length, height: top - bottom, material, density: 1, noise: 0.003,
    keep: (s, t) => !inOpening(s, t + bottom) && underRoof(s, t + bottom), acceptance: (s, t) => fromGround(s, t + bottom),
  });
  const surfaces = [wall(MATERIALS.plinth, 0, 0.5), wall(MATERIALS.plaster, 0.5, height)];

  for (const o of openings) {
    const corner = add(add(origin, along, o.left), UP, o.bottom);
    const inward: Vector = [-normal[0], -normal[1], -normal[2]];
    const reveal = (start: Vector, direction: Vector, size: number, material: Material, normalOut: Vector): Surface => ({
      origin: start, along: direction, up: inward, normal: normalOut, width: size, height: o.reveal, material, density: 1, noise: 0.003,
    });
    const side = o.door ? MATERIALS.frame : MATERIALS.plaster;
    surfaces.push(
      reveal(corner, along, o.width, o.door ? MATERIALS.paving : MATERIALS.frame, UP),
      reveal(add(corner, UP, o.height), along, o.width, side, [0, 0, -1]),
      reveal(corner, UP, o.height, side, along),
      reveal(add(corner, along, o.width), UP, o.height, side, [-along[0], -along[1], -along[2]]),
      {
        // Glass returns few points, and dark ones; a door returns as many as the wall.
        origin: add(corner, inward, o.reveal), along, up: UP, normal, width: o.width, height: o.height,
        material: o.door ? MATERIALS.door : MATERIALS.glass, density: o.door ? 1 : 0.12, noise: o.door ? 0.003 : 0.006,
      },
    );
  }
  return surfaces;
}

function roof(): Surface[] {
  const slope = (DEPTH / 2 + OVERHANG) / cos(PITCH);
  const drop = OVERHANG * tan(PITCH);
  const rows = (_s: number, t: number) => (t % 0.35 < 0.05 ? 0.78 : 1);
  const side = (origin: Vector, up: Vector, normal: Vector): Surface => ({
    origin, along: [1, 0, 0], up, normal, width: LENGTH + 2 * OVERHANG, height: slope, material: MATERIALS.tiles, density: 0.8, noise: 0.004, shade: rows,
  });
  const c = cos(PITCH);
  const s = sin(PITCH);
  return [
    side([-OVERHANG, -OVERHANG, EAVES - drop], [0, c, s], [0, -s, c]),
    side([-OVERHANG, DEPTH + OVERHANG, EAVES - drop], [0, -c, s], [0, s, c]),
  ];
}

/** Distance from (x, y) to the building's footprint. */
function distanceToBuilding(x: number, y: number): number {
  const dx = max(0 - x, 0, x - LENGTH);
  const dy = max(0 - y, 0, y - DEPTH);
  return hypot(dx, dy);
}

/** Gentle undulation away from the building; flat where the paving meets the walls. */
export function terrain(x: number, y: number): number {
  const blend = min(1, max(0, (distanceToBuilding(x, y) - 3) / 10));
  return blend * TERRAIN_AMPLITUDE * sin(x / 7) * cos(y / 5);
}

interface Area {
  west: number;
  east: number;
  south: number;
  north: number;
}

const ASPHALT: Area = { west: -14, east: 40, south: -11, north: -3 };
const PAVING: Area = { west: -1.5, east: LENGTH + 1.5, south: -3.5, north: DEPTH + 1.5 };

function groundKind(x: number, y: number): 'inside' | 'paving' | 'asphalt' | 'grass' {
  const d = distanceToBuilding(x, y);
  if (d === 0) return 'inside';
  if (d < 1.5) return 'paving';
  // The path from the door to the road.
  if (y < 0 && y > PAVING.south && abs(x - DOOR.centre) < 1) return 'paving';
  if (y > ASPHALT.south && y < ASPHALT.north && x > ASPHALT.west && x < ASPHALT.east) return 'asphalt';
  return 'grass';
}

function ground(): Surface[] {
  // Each material samples only the rectangle around it, so few samples are thrown away.
  // Plain arguments, no tuples: these run for every candidate point.
  const part = (material: Material, kind: ReturnType<typeof groundKind>, area: Area, noise: number): Surface => ({
    origin: [area.west, area.south, 0], along: [1, 0, 0], up: [0, 1, 0], normal: UP,
    width: area.east - area.west, height: area.north - area.south, material, density: 0.7, noise,
    keep: (s, t) => groundKind(area.west + s, area.south + t) === kind,
    // Scanners stood around the building: the ground thins out with distance from it.
    acceptance: (s, t) => exp(-distanceToBuilding(area.west + s, area.south + t) / 14),
    relief: (s, t) => terrain(area.west + s, area.south + t),
  });
  return [
    part(MATERIALS.grass, 'grass', GROUND, 0.012),
    part(MATERIALS.asphalt, 'asphalt', ASPHALT, 0.004),
    part(MATERIALS.paving, 'paving', PAVING, 0.003),
  ];
}

export function buildingSurfaces(): Surface[] {
  return [
    ...ground(),
    ...facade([0, 0, 0], [1, 0, 0], [0, -1, 0], LENGTH, true, false),
    ...facade([LENGTH, 0, 0], [0, 1, 0], [1, 0, 0], DEPTH, false, true),
    ...facade([LENGTH, DEPTH, 0], [-1, 0, 0], [0, 1, 0], LENGTH, false, false),
    ...facade([0, DEPTH, 0], [0, -1, 0], [-1, 0, 0], DEPTH, false, true),
    ...roof(),
  ];
}

/** The share of the surface's rectangle that exists, estimated once on a grid (for point budgets). */
export function keptArea(surface: Surface): number {
  if (!surface.keep && !surface.acceptance) return surface.width * surface.height;
  const steps = 80;
  let kept = 0;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const s = ((i + 0.5) / steps) * surface.width;
      const t = ((j + 0.5) / steps) * surface.height;
      if (!surface.keep || surface.keep(s, t)) kept += surface.acceptance ? surface.acceptance(s, t) : 1;
    }
  }
  return (kept / (steps * steps)) * surface.width * surface.height;
}
