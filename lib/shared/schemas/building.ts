import { z } from 'zod';
import type { PolygonGeometry, Position } from '../geo';
import { idSchema } from './common';

export const BUILDING_TYPES = ['building', 'area'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

const ring = z
  .array(position)
  .min(4, 'errors.missions.ringCorners')
  .refine((r) => {
    const first = r[0];
    const last = r[r.length - 1];
    return !!first && !!last && first[0] === last[0] && first[1] === last[1];
  }, 'errors.missions.ringClosed');

/** A GeoJSON Polygon in WGS84 lon/lat (RFC 7946). */
export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(ring).min(1),
}) satisfies z.ZodType<PolygonGeometry>;

export const buildingInput = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.enum(BUILDING_TYPES).default('building'),
  footprint: polygonSchema,
  levels: z.number().int().min(1).max(200).default(1),
  /** Metres; the documented default (lib/shared/geo DEFAULT_STOREY_HEIGHT_M) when omitted. */
  storeyHeight: z.number().positive().max(20).optional(),
});
export type BuildingInput = z.input<typeof buildingInput>;

export interface BuildingDto {
  id: number;
  missionId: number;
  name: string;
  type: BuildingType;
  footprint: PolygonGeometry;
  /** m², geodesic. */
  groundArea: number;
  /** m²: perimeter × levels × storey height (0 for an area). */
  facadeArea: number;
  /** m. */
  perimeter: number;
  levels: number;
  storeyHeight: number;
  version: number;
}

export type { Position };

/** A partial building update (PATCH) with the version last read; the footprint is re-measured. */
export const updateBuildingBody = z.strictObject({
  version: z.number().int().positive(),
  name: z.string().trim().min(1).max(200).optional(),
  type: z.enum(BUILDING_TYPES).optional(),
  footprint: polygonSchema.optional(),
  levels: z.number().int().min(1).max(200).optional(),
  storeyHeight: z.number().positive().max(20).optional(),
});
export type UpdateBuildingBody = z.input<typeof updateBuildingBody>;

/** The most buildings one plan may hold (PUT /api/v2/missions/{id}/buildings). */
export const PLAN_MAX_BUILDINGS = 200;

/** One building of a whole plan: `id` with the `version` last read for a stored one, neither for a new one. */
export const planBuilding = z
  .strictObject({
    id: idSchema.optional(),
    version: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(200),
    type: z.enum(BUILDING_TYPES),
    footprint: polygonSchema,
    levels: z.number().int().min(1).max(200),
    /** Metres; omitted: a stored building keeps its own, a new one gets the documented default. */
    storeyHeight: z.number().positive().max(20).optional(),
  })
  .refine((b) => (b.id === undefined) === (b.version === undefined), { path: ['version'], message: 'errors.missions.idWithVersion' });

/** The most removals one plan save may state: generous, as single POSTs may have added more than a plan holds. */
export const PLAN_MAX_REMOVED = 1000;

/** A stored building the client knew (at `version`) and leaves out of the plan. */
export const planRemoval = z.strictObject({
  id: idSchema,
  version: z.number().int().positive(),
});

const ids = (list: readonly { id?: number }[]) => list.flatMap((b) => (b.id === undefined ? [] : [b.id]));

/**
 * A mission's whole plan (PUT), saved at once: listed buildings with an id are changed, those
 * without are added, and the stored ones the client removed are listed in `removed` with the
 * version last read. Every stored building must be in one of the two lists: one that is in
 * neither was added by someone else after the client read the plan (409, never deleted silently).
 * At least one building (spec §5).
 */
export const replacePlanBody = z
  .strictObject({
    buildings: z
      .array(planBuilding)
      .min(1)
      .max(PLAN_MAX_BUILDINGS)
      .refine((list) => new Set(ids(list)).size === ids(list).length, 'errors.missions.listedTwice'),
    removed: z
      .array(planRemoval)
      .max(PLAN_MAX_REMOVED)
      .default([])
      .refine((list) => new Set(ids(list)).size === ids(list).length, 'errors.missions.listedTwice'),
  })
  .superRefine((plan, ctx) => {
    const kept = new Set(ids(plan.buildings));
    plan.removed.forEach((r, i) => {
      if (kept.has(r.id)) ctx.addIssue({ code: 'custom', path: ['removed', i, 'id'], message: 'errors.missions.keptAndRemoved' });
    });
  });
export type ReplacePlanBody = z.input<typeof replacePlanBody>;
