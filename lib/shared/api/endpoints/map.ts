import { z } from 'zod';
import { MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { endpoint } from '../endpoint';

/** A query value given once, repeated or comma-separated (like the mission list's filters). */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean)),
    z.array(item).max(100).optional(),
  );

/** `w,s,e,n` in degrees (WGS 84), west ≤ east and south ≤ north. */
const bbox = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const parts = text.split(',').map((v) => Number(v.trim()));
    const [w, s, e, n] = parts as [number, number, number, number];
    const ok =
      parts.length === 4 && parts.every(Number.isFinite) && w >= -180 && e <= 180 && s >= -90 && n <= 90 && w <= e && s <= n;
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: 'validation.bbox' });
      return z.NEVER;
    }
    return [w, s, e, n] as [number, number, number, number];
  });

export const mapMissionsQuery = z.object({
  bbox,
  zoom: z.coerce.number().min(0).max(22),
  status: many(z.enum(MISSION_STATUSES)),
  step: many(z.enum(PROJECT_STEPS)),
});
export type MapMissionsQuery = z.input<typeof mapMissionsQuery>;

const statusCounts = z.object(Object.fromEntries(MISSION_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof MISSION_STATUSES)[number], z.ZodNumber>);

/** More than one mission in a grid cell: where they are on average, how many, of which status, and their extent. */
export const mapClusterSchema = z.object({
  lon: z.number(),
  lat: z.number(),
  count: z.number().int().min(2),
  statuses: statusCounts,
  /** [w, s, e, n] of the missions in the cell: a click zooms to it. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

/** A mission shown on its own: what the popup needs. */
export const mapMissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(MISSION_STATUSES),
  step: z.enum(PROJECT_STEPS),
  lon: z.number(),
  lat: z.number(),
});

export const mapMissionsSchema = z.object({
  /** Grid cell edge in degrees the clusters were made with. */
  cell: z.number(),
  /** Missions in the box (clusters' counts plus the single missions). */
  total: z.number().int(),
  clusters: z.array(mapClusterSchema),
  missions: z.array(mapMissionSchema),
});
export type MapMissions = z.output<typeof mapMissionsSchema>;
export type MapCluster = z.output<typeof mapClusterSchema>;
export type MapMission = z.output<typeof mapMissionSchema>;

export const mapMissions = endpoint({
  method: 'GET',
  path: '/api/v2/map/missions',
  summary:
    'The missions the user may see inside a bounding box, clustered on a grid by zoom (count, centroid, status breakdown); single missions where a cell holds one or the zoom is high. Needs UI.menu.mapOverview',
  tag: 'missions',
  query: mapMissionsQuery,
  response: mapMissionsSchema,
});
