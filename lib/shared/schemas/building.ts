import { z } from 'zod';
import type { PolygonGeometry, Position } from '../geo';

export const BUILDING_TYPES = ['building', 'area'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

const ring = z
  .array(position)
  .min(4, 'a ring needs at least three corners')
  .refine((r) => {
    const first = r[0];
    const last = r[r.length - 1];
    return !!first && !!last && first[0] === last[0] && first[1] === last[1];
  }, 'a ring must be closed (last position equals the first)');

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
