import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_STOREY_HEIGHT_M } from '@/lib/shared/geo/measure';
import type { PanelizerPoints } from '@/lib/shared/panelizer/points';
import type { TourPlanQuery } from '@/lib/shared/schemas/tour';
import { building, conversion } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { cloudLowerCorner } from '../panelizer/cloud-origin';
import { cutPanelizerPoints } from '../panelizer/points/cut';
import { EDIT_TOURS, tourConflict } from './tour-access';

/*
 * The top-down slice under the segmentation plan (issue 17 "dragged on a top-down slice of the
 * point cloud"). The plan's frame is the mission's online point cloud: x east and y north in
 * metres from the cloud's lower corner, floor n from n storey heights above it (the mission's
 * building, else 3 m). A floor's slice keeps its walls: from 0.5 m above the floor to 0.5 m under
 * the next one. Cut by the panelizer's reader, in its wire format (lib/shared/panelizer/points.ts).
 */

export interface PlanSliceSource {
  cloudPrefix: string;
  origin: [number, number, number];
  zMin: number;
  zMax: number;
  etag: string;
}

/** The plan's frame: the served cloud, its lower corner, the storey height; null while no cloud is ready. */
export async function missionPlanFrame(ctx: DomainContext, missionId: number): Promise<{ cloudPrefix: string; origin: [number, number, number]; storeyHeight: number } | null> {
  const [served] = await ctx.db
    .select({ outputPrefix: conversion.outputPrefix })
    .from(conversion)
    .where(and(eq(conversion.missionId, missionId), isNull(conversion.datasetId), eq(conversion.state, 'succeeded')))
    .orderBy(desc(conversion.id))
    .limit(1);
  if (!served) return null;
  const origin = await cloudLowerCorner(ctx, served.outputPrefix).catch(() => null);
  if (!origin) return null;
  const [first] = await ctx.db.select({ storeyHeight: building.storeyHeight }).from(building).where(eq(building.missionId, missionId)).orderBy(asc(building.id)).limit(1);
  return { cloudPrefix: served.outputPrefix, origin, storeyHeight: first?.storeyHeight ?? DEFAULT_STOREY_HEIGHT_M };
}

/** Where a floor's slice comes from, for who edits the mission's tours; 409 while the point cloud is not ready. */
export async function planSliceSource(ctx: DomainContext, input: { missionId: number; query: TourPlanQuery }): Promise<PlanSliceSource> {
  await requireMission(ctx, input.missionId, EDIT_TOURS);
  const frame = await missionPlanFrame(ctx, input.missionId);
  if (!frame) throw tourConflict("The mission's point cloud is not ready", 'tours.blocked.pointcloudNotReady');
  const storey = frame.storeyHeight;
  const zMin = input.query.floor * storey + 0.5;
  const zMax = Math.max(zMin + 0.2, (input.query.floor + 1) * storey - 0.5);
  const hash = createHash('sha256').update(JSON.stringify([frame.cloudPrefix, frame.origin, zMin, zMax, input.query.limit])).digest('base64url');
  return { cloudPrefix: frame.cloudPrefix, origin: frame.origin, zMin, zMax, etag: `"${hash.slice(0, 32)}"` };
}

/** The slice itself: u = x, v = y on the plan. */
export function cutPlanSlice(ctx: DomainContext, source: PlanSliceSource, limit: number): Promise<PanelizerPoints> {
  return cutPanelizerPoints(ctx.storage, source.cloudPrefix, source.origin, { view: 'plan', zMin: source.zMin, zMax: source.zMax, limit });
}
