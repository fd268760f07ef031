import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { GenerateBlocker } from '@/lib/shared/schemas/tour';
import { conversion } from '../db/schema';
import type { DomainContext } from '../domain/context';
import type { MissionRow } from '../missions/visibility';
import { isSegmented, type Panorama } from './panoramas';

/** A mission's online point cloud is ready when one of its builds succeeded (what the viewer serves). */
async function pointcloudReady(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: conversion.id })
    .from(conversion)
    .where(and(eq(conversion.missionId, missionId), isNull(conversion.datasetId), eq(conversion.state, 'succeeded')))
    .limit(1);
  return row !== undefined;
}

/**
 * spec §2: generation is disabled when the mission is closed, has no images, is not segmented, or
 * the point cloud is not ready. Every rule that applies is returned, so the UI names each.
 */
export async function generateBlockers(ctx: Pick<DomainContext, 'db'>, mission: MissionRow, panoramas: readonly Panorama[]): Promise<GenerateBlocker[]> {
  const blockers: GenerateBlocker[] = [];
  const used = panoramas.filter((p) => p.inTours);
  if (mission.closed) blockers.push('missionClosed');
  if (used.length === 0) blockers.push('noImages');
  else if (!isSegmented(used)) blockers.push('notSegmented');
  if (!(await pointcloudReady(ctx, mission.id))) blockers.push('pointcloudNotReady');
  return blockers;
}
