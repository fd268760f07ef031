import 'server-only';
import type { z } from 'zod';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { cellSizeFor, MAX_SINGLES, SINGLES_ZOOM } from '@/lib/shared/map/map-grid';
import { mapMissionsQuery, type MapCluster, type MapMission, type MapMissions } from '@/lib/shared/api/endpoints/map';
import { MISSION_STATUSES, type MissionStatus } from '@/lib/shared/schemas/mission';
import { requirePermission } from '../auth/require-permission';
import { mission } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { missionVisibleTo } from './visibility';

/** ~1 m: enough for a map, and a third of the bytes of full doubles. */
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * The map overview's data (spec §2 /map-overview, §6): the missions the actor may see (the same
 * tenant rule as the lists, hidden ones left out) inside a bounding box, clustered by the database
 * on a grid whose cell follows the zoom. Only one row per occupied cell leaves PostgreSQL, so the
 * whole of Germany with 100 000 missions is a few hundred rows; the box test uses the GiST index
 * on point(longitude, latitude). A cell with one mission, and every mission from SINGLES_ZOOM on,
 * comes back as the mission itself for the popup.
 */
export async function mapMissions(ctx: DomainContext, q: z.output<typeof mapMissionsQuery>): Promise<MapMissions> {
  await requirePermission(ctx.actor, 'UI.menu.mapOverview');
  const [w, s, e, n] = q.bbox;
  const where = and(
    missionVisibleTo(ctx.actor),
    eq(mission.hidden, false),
    isNotNull(mission.latitude),
    isNotNull(mission.longitude),
    sql`point(${mission.longitude}, ${mission.latitude}) <@ box(point(${w}, ${s}), point(${e}, ${n}))`,
    q.status?.length ? inArray(mission.status, q.status) : undefined,
    q.step?.length ? inArray(mission.step, q.step) : undefined,
  );

  if (q.zoom >= SINGLES_ZOOM) {
    const rows = await singles(ctx, where, MAX_SINGLES + 1);
    if (rows.length <= MAX_SINGLES) return { cell: 0, total: rows.length, clusters: [], missions: rows };
  }

  const cell = cellSizeFor(q.bbox, q.zoom);
  const gx = sql`floor(${mission.longitude} / ${cell}::float8)`;
  const gy = sql`floor(${mission.latitude} / ${cell}::float8)`;
  const statusColumns = Object.fromEntries(
    MISSION_STATUSES.map((status) => [status, sql<number>`(count(*) filter (where ${mission.status} = ${status}))::int`]),
  ) as Record<MissionStatus, ReturnType<typeof sql<number>>>;
  const cells = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      lon: sql<number>`avg(${mission.longitude})`,
      lat: sql<number>`avg(${mission.latitude})`,
      w: sql<number>`min(${mission.longitude})`,
      s: sql<number>`min(${mission.latitude})`,
      e: sql<number>`max(${mission.longitude})`,
      n: sql<number>`max(${mission.latitude})`,
      /** The mission of a cell that holds only one. */
      onlyId: sql<number | null>`case when count(*) = 1 then min(${mission.id}) end`,
      ...statusColumns,
    })
    .from(mission)
    .where(where)
    .groupBy(gx, gy);

  const clusters: MapCluster[] = [];
  const singleIds: number[] = [];
  let total = 0;
  for (const c of cells) {
    total += c.count;
    if (c.onlyId !== null) {
      singleIds.push(Number(c.onlyId));
      continue;
    }
    clusters.push({
      lon: round(c.lon),
      lat: round(c.lat),
      count: c.count,
      statuses: Object.fromEntries(MISSION_STATUSES.map((st) => [st, c[st]])) as MapCluster['statuses'],
      bounds: [round(c.w), round(c.s), round(c.e), round(c.n)],
    });
  }
  const missions = singleIds.length > 0 ? await singles(ctx, inArray(mission.id, singleIds), singleIds.length) : [];
  return { cell, total, clusters, missions };
}

async function singles(ctx: DomainContext, where: ReturnType<typeof and>, limit: number): Promise<MapMission[]> {
  const rows = await ctx.db
    .select({ id: mission.id, name: mission.name, status: mission.status, step: mission.step, lon: mission.longitude, lat: mission.latitude })
    .from(mission)
    .where(where)
    .orderBy(mission.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, lon: round(r.lon ?? 0), lat: round(r.lat ?? 0) }));
}

/** mapMissions for query-shaped input (tests): parsed with the endpoint's schema first. */
export const mapMissionsFromJson = parsedBy(mapMissionsQuery, mapMissions);
