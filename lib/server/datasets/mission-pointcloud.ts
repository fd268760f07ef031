import 'server-only';
import { and, desc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MissionPointcloudDto } from '@/lib/shared/schemas/dataset';
import { recordAudit } from '../audit/record-audit';
import { startConversion } from '../conversions/start-conversion';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { conversion, dataset, mission } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import { requireMission } from '../missions/visibility';
import { toConversionDto, type ConversionRow } from './dataset-dto';

/** Statuses of a dataset whose cloud goes into the mission's online point cloud. */
const USABLE = ['available', 'checked'] as const;

const missionBuilds = (missionId: number | Placeholder | SQLWrapper) => and(eq(conversion.missionId, missionId), isNull(conversion.datasetId));

/** The build being served: the latest that succeeded. */
async function servedBuild(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<ConversionRow | null> {
  const [row] = await ctx.db.select().from(conversion).where(and(missionBuilds(missionId), eq(conversion.state, 'succeeded'))).orderBy(desc(conversion.id)).limit(1);
  return row ?? null;
}

// The usable datasets of a mission, for a build (buildMissionPointcloud).
const usableDatasetsOf = builtOnce((db: Db) =>
  db
    .select({ id: dataset.id, storageKey: dataset.storageKey, cloudPrefix: dataset.cloudPrefix, pointCount: dataset.pointCount, bounds: dataset.bounds, cloudBytes: dataset.cloudBytes })
    .from(dataset)
    .where(usable(sql.placeholder('missionId')))
    .orderBy(dataset.id),
);

function usable(missionId: SQLWrapper | Placeholder) {
  return and(eq(dataset.missionId, missionId), inArray(dataset.status, [...USABLE]), isNotNull(dataset.storageKey), isNotNull(dataset.cloudPrefix));
}

/**
 * The mission's latest build and the ids of its usable datasets, in one round trip: every detail
 * page reads the point cloud's state (built once, built-once.ts). The build is joined by the
 * highest id of the mission's builds; the subqueries' own `conversion` and `dataset` are theirs.
 */
const latestBuild = alias(conversion, 'latest_build');
const stateOf = builtOnce((db: Db) =>
  db
    .select({
      latest: latestBuild,
      available: sql<(string | number)[]>`(select coalesce(array_agg(${dataset.id} order by ${dataset.id}), '{}') from ${dataset} where ${usable(mission.id)})`,
    })
    .from(mission)
    .leftJoin(latestBuild, eq(latestBuild.id, sql`(select max(${conversion.id}) from ${conversion} where ${missionBuilds(mission.id)})`))
    .where(eq(mission.id, sql.placeholder('missionId'))),
);

async function usableDatasets(ctx: Pick<DomainContext, 'db'>, missionId: number) {
  return usableDatasetsOf(ctx.db).execute({ missionId });
}

async function pointcloudState(ctx: DomainContext, missionId: number): Promise<MissionPointcloudDto> {
  const [state] = await stateOf(ctx.db).execute({ missionId });
  const latest = state?.latest ?? null;
  // The served build is the latest one that succeeded: no build, none; the latest succeeded, that one.
  const served = !latest ? null : latest.state === 'succeeded' ? latest : await servedBuild(ctx, missionId);
  const available = (state?.available ?? []).map(Number);
  const built = served?.sourceDatasetIds ?? [];
  return {
    missionId,
    conversion: latest ? toConversionDto(latest, ctx.clock.now()) : null,
    ready: served !== null,
    pointCount: served?.pointCount ?? null,
    sizeBytes: served?.sizeBytes ?? null,
    builtAt: served?.finishedAt?.toISOString() ?? null,
    datasetIds: built,
    availableDatasetIds: available,
    outdated: served !== null && (built.length !== available.length || built.some((id) => !available.includes(id))),
  };
}

/** spec §2 "pointcloud and CAD": the mission's online point cloud as it is served and being built. */
export async function getMissionPointcloud(ctx: DomainContext, { missionId }: { missionId: number }): Promise<MissionPointcloudDto> {
  await requireMission(ctx, missionId, 'read');
  return pointcloudState(ctx, missionId);
}

/**
 * spec §2 mission action "generate online pointcloud": merges the mission's available datasets
 * into one cloud, built in the background. A build under way is answered as it is. With a single
 * dataset its own cloud is the mission's (nothing to merge, nothing to wait for).
 */
export async function generateMissionPointcloud(ctx: DomainContext, { missionId }: { missionId: number }): Promise<MissionPointcloudDto> {
  await inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'hold', { lock: true });
    const started = await buildMissionPointcloud(tx, missionId);
    if (started === 'none') throw new AppError('conflict', 'the mission has no available dataset to build a point cloud from', undefined, 'errors.datasets.noneAvailable');
  });
  return pointcloudState(ctx, missionId);
}

/**
 * Issue 14 point 4: the online point cloud is rebuilt when the mission's datasets change (a
 * dataset became available, or one that was in it went away), unless a build is under way — that
 * one, once done, is checked again. Called by the jobs as the system.
 */
export async function refreshMissionPointcloud(ctx: DomainContext, missionId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const state = await pointcloudState(tx, missionId);
    if (state.ready && !state.outdated) return;
    await buildMissionPointcloud(tx, missionId);
  });
}

/** Starts a build from the usable datasets: 'open' when one is under way, 'none' without datasets. */
async function buildMissionPointcloud(tx: DomainContext, missionId: number): Promise<'open' | 'none' | 'started'> {
  const [open] = await tx.db.select({ id: conversion.id }).from(conversion).where(and(missionBuilds(missionId), inArray(conversion.state, ['queued', 'running', 'held'])));
  if (open) return 'open';
  const usable = await usableDatasets(tx, missionId);
  if (usable.length === 0) return 'none';
  const sourceDatasetIds = usable.map((d) => d.id);
  let conversionId: number;
  if (usable.length === 1) {
    const only = usable[0]!;
    const [reused] = await tx.db
      .insert(conversion)
      .values({
        missionId,
        inputs: [only.storageKey!],
        sourceDatasetIds,
        state: 'succeeded',
        stage: 'done',
        progress: 100,
        workPrefix: only.cloudPrefix!,
        outputPrefix: only.cloudPrefix!,
        pointCount: only.pointCount,
        bounds: only.bounds,
        sizeBytes: only.cloudBytes,
        requestedBy: tx.actor.kind === 'user' ? tx.actor.identityId : null,
        startedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .returning({ id: conversion.id });
    conversionId = reused!.id;
    await tx.db.update(mission).set({ pipelineStatus: 'completed' }).where(eq(mission.id, missionId));
  } else {
    conversionId = (await startConversion(tx, { missionId, datasetId: null, inputs: usable.map((d) => d.storageKey!), sourceDatasetIds })).id;
  }
  await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: 'generatePointcloud', diff: { conversionId, datasets: sourceDatasetIds } });
  return 'started';
}

/** Where the served file lives, after checking the caller may read the mission. */
export async function missionPointcloudKey(ctx: DomainContext, { missionId, file }: { missionId: number; file: string }): Promise<string> {
  await requireMission(ctx, missionId, 'read');
  const served = await servedBuild(ctx, missionId);
  if (!served) throw notFound('point cloud');
  return `${served.outputPrefix}${file}`;
}
