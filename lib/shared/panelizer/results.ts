import { z } from 'zod';
import type { Opening, OpeningKind, PanelizerDocument } from './document';
import { COMPASS, elevationsOf } from './elevations';
import { signedArea, type XY } from './polygon';

/**
 * The facade schedule (issue 19 point 6), computed from a document: per elevation and floor the
 * gross facade area (edge length × storey height), the openings' area and count, the net area and
 * the openings' reveal lengths (a window's four sides 2w + 2h; a door has no sill: 2h + w); totals
 * per facade, per floor and overall. Balcony outlines are summed apart from the building's.
 * Areas in m², lengths in m, rounded to the millimetre / mm² only when shown.
 */

/** Area of a polygon minus its holes (holes inside it and apart from each other). */
export function areaWithHoles(outer: readonly XY[], holes: readonly (readonly XY[])[] = []): number {
  return Math.abs(signedArea(outer)) - holes.reduce((sum, hole) => sum + Math.abs(signedArea(hole)), 0);
}

const rectangle = (left: number, bottom: number, width: number, height: number): XY[] => [
  [left, bottom], [left + width, bottom], [left + width, bottom + height], [left, bottom + height],
];

export const revealLength = (kind: OpeningKind, width: number, height: number) => (kind === 'door' ? 2 * height + width : 2 * width + 2 * height);

const number = z.number().finite();
export const panelizerTotalsSchema = z.object({
  gross: number,
  openingsArea: number,
  openingsCount: z.number().int(),
  windows: z.number().int(),
  doors: z.number().int(),
  net: number,
  revealLength: number,
});
export type PanelizerTotals = z.infer<typeof panelizerTotalsSchema>;

export const panelizerResultsSchema = z.object({
  elevations: z.array(
    panelizerTotalsSchema.extend({
      id: z.string(),
      floorId: z.string(),
      floorIndex: z.number().int(),
      outlineId: z.string(),
      kind: z.enum(['building', 'balcony']),
      edgeId: z.string(),
      facadeId: z.string(),
      length: number,
      height: number,
    }),
  ),
  facades: z.array(panelizerTotalsSchema.extend({ id: z.string(), kind: z.enum(['building', 'balcony']), direction: z.enum(COMPASS), index: z.number().int(), name: z.string() })),
  floors: z.array(panelizerTotalsSchema.extend({ id: z.string(), index: z.number().int(), name: z.string().nullable(), bottom: number, height: number })),
  /** The building's outlines: the schedule's headline. */
  totals: panelizerTotalsSchema,
  /** Balconies, reported separately. */
  balconies: panelizerTotalsSchema,
});
export type PanelizerResults = z.infer<typeof panelizerResultsSchema>;

const zero = (): PanelizerTotals => ({ gross: 0, openingsArea: 0, openingsCount: 0, windows: 0, doors: 0, net: 0, revealLength: 0 });
function add(into: PanelizerTotals, t: PanelizerTotals): void {
  for (const k of Object.keys(into) as (keyof PanelizerTotals)[]) into[k] += t[k];
}

function elevationTotals(length: number, height: number, openings: readonly Opening[]): PanelizerTotals {
  const gross = areaWithHoles(rectangle(0, 0, length, height));
  const holes = openings.map((o) => rectangle(o.left, o.bottom, o.width, o.height));
  const windows = openings.filter((o) => o.kind === 'window').length;
  return {
    gross,
    openingsArea: gross - areaWithHoles(rectangle(0, 0, length, height), holes),
    openingsCount: openings.length,
    windows,
    doors: openings.length - windows,
    net: areaWithHoles(rectangle(0, 0, length, height), holes),
    revealLength: openings.reduce((sum, o) => sum + revealLength(o.kind, o.width, o.height), 0),
  };
}

export function panelizerResults(doc: PanelizerDocument): PanelizerResults {
  const { elevations, facades } = elevationsOf(doc);
  const openingsOf = new Map<string, Opening[]>();
  for (const o of doc.openings) {
    const key = `${o.floorId}/${o.outlineId}/${o.edgeId}`;
    openingsOf.set(key, [...(openingsOf.get(key) ?? []), o]);
  }
  const rows = elevations.map((e) => ({
    id: e.id, floorId: e.floorId, floorIndex: e.floorIndex, outlineId: e.outlineId, kind: e.kind, edgeId: e.edgeId, facadeId: e.facadeId, length: e.length, height: e.height,
    ...elevationTotals(e.length, e.height, openingsOf.get(e.id) ?? []),
  }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sum = (ids: readonly string[]) => {
    const t = zero();
    for (const id of ids) add(t, byId.get(id)!);
    return t;
  };
  const of = (kind: 'building' | 'balcony') => sum(rows.filter((r) => r.kind === kind).map((r) => r.id));
  return {
    elevations: rows,
    facades: facades.map((f) => ({ id: f.id, kind: f.kind, direction: f.direction, index: f.index, name: f.name, ...sum(f.elevationIds) })),
    floors: doc.floors.map((floor, index) => {
      const at = doc.floorLines.findIndex((l) => l.id === floor.id);
      const bottom = doc.floorLines[at]?.z ?? 0;
      const height = (doc.floorLines[at + 1]?.z ?? bottom) - bottom;
      return { id: floor.id, index, name: floor.name ?? null, bottom, height, ...sum(rows.filter((r) => r.floorId === floor.id && r.kind === 'building').map((r) => r.id)) };
    }),
    totals: of('building'),
    balconies: of('balcony'),
  };
}
