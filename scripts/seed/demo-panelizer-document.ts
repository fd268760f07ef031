import { PANELIZER_DOCUMENT_SCHEMA, type Opening, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { DEMO_BUILDING_ORIGIN } from './demo-building';
import { DEPTH, LENGTH, openingsOf, STOREY_HEIGHT, STOREYS } from './demo-building-surfaces';

/*
 * The demo building as a panelizer document (issue 19 point 8), read off the generator that
 * samples its cloud, so the drawing and the points agree exactly: floor lines every storey up to
 * the eaves, the 24 × 12 m outline on every floor (all floors linked to one floorplan), and every
 * window and the door where the generator cut them. Local (0, 0, 0) is the building's south-west
 * ground corner (origin = DEMO_BUILDING_ORIGIN).
 */

/** The outline's vertices, counter-clockwise; each names the wall that starts at it. */
const CORNERS = [
  { id: 'sw', x: 0, y: 0 },
  { id: 'se', x: LENGTH, y: 0 },
  { id: 'ne', x: LENGTH, y: DEPTH },
  { id: 'nw', x: 0, y: DEPTH },
];
/** The generator's facades by the wall (start vertex) they lie on: length and whether the door is there. */
const WALLS = [
  { edgeId: 'sw', length: LENGTH, door: true },
  { edgeId: 'se', length: DEPTH, door: false },
  { edgeId: 'ne', length: LENGTH, door: false },
  { edgeId: 'nw', length: DEPTH, door: false },
];
const FLOOR_NAMES = ['EG', '1. OG', '2. OG', '3. OG'];

const round = (v: number) => Math.round(v * 1e9) / 1e9;

export function demoPanelizerDocument(): PanelizerDocument {
  const floorLines = Array.from({ length: STOREYS + 1 }, (_, k) => ({ id: `l${k}`, z: k * STOREY_HEIGHT }));
  const openings: Opening[] = [];
  for (const wall of WALLS) {
    for (const o of openingsOf(wall.length, wall.door)) {
      const storey = Math.floor(o.bottom / STOREY_HEIGHT);
      const n = openings.length + 1;
      openings.push({
        id: `o${n}`, floorId: `l${storey}`, outlineId: 'building', edgeId: wall.edgeId, kind: o.door ? 'door' : 'window',
        left: round(o.left), bottom: round(o.bottom - storey * STOREY_HEIGHT), width: o.width, height: o.height,
      });
    }
  }
  return {
    schema: PANELIZER_DOCUMENT_SCHEMA,
    origin: [...DEMO_BUILDING_ORIGIN],
    floorLines,
    floors: floorLines.slice(0, -1).map((line, k) => ({ id: line.id, planId: 'typical', name: FLOOR_NAMES[k] ?? `${k}. OG` })),
    plans: [{ id: 'typical', outlines: [{ id: 'building', kind: 'building', points: CORNERS }] }],
    openings,
  };
}
