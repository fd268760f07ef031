import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Bounds } from '../pointcloud/types';
import { recordAudit } from '../audit/record-audit';
import { conversion, dataset, mission } from '../db/schema';
import type { ConversionRow } from '../datasets/dataset-dto';
import { tellMissionOwner } from '../datasets/dataset-notices';
import { inTransaction, type DomainContext } from '../domain/context';
import { enqueueJob } from '../jobs/enqueue';
import { conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob } from './conversion-jobs';

/*
 * The conversion row's transitions. Every job of the chain starts with `claimStage` and ends with
 * one `after…` step in a transaction that also queues the next job, so a crash between them
 * leaves either the old state (the job reruns, idempotently) or the new one with its job queued.
 */

export type ConversionStage = ConversionRow['stage'];

/** Share of the whole conversion each stage covers, [from, to) in percent. */
export const STAGE_SPAN: Record<Exclude<ConversionStage, 'done'>, [number, number]> = {
  count: [0, 10],
  distribute: [10, 30],
  index: [30, 90],
  merge: [90, 100],
};

const touched = { updatedAt: sql`now()`, version: sql`${conversion.version} + 1` };
const datasetTouched = { updatedAt: sql`now()`, version: sql`${dataset.version} + 1` };

export type Claim = { kind: 'run'; row: ConversionRow } | { kind: 'held' } | { kind: 'skip'; reason: string };

/**
 * Decides whether a stage job runs: not when the conversion ended (cancelled, failed, done) or is
 * past that stage (a duplicate delivery), and not while the mission is on hold — then the
 * conversion shows as held and `resumeConversions` queues this stage again.
 */
export async function claimStage(ctx: DomainContext, id: number, stage: ConversionStage): Promise<Claim> {
  return inTransaction(ctx, async (tx) => {
    const [found] = await tx.db
      .select({ row: conversion, onHold: mission.onHold })
      .from(conversion)
      .innerJoin(mission, eq(mission.id, conversion.missionId))
      .where(eq(conversion.id, id))
      .for('update', { of: conversion });
    if (!found) return { kind: 'skip', reason: 'gone' };
    const { row, onHold } = found;
    if (row.state === 'cancelled' || row.state === 'failed' || row.state === 'succeeded') return { kind: 'skip', reason: row.state };
    if (row.stage !== stage) return { kind: 'skip', reason: `at stage ${row.stage}` };
    if (onHold) {
      await tx.db.update(conversion).set({ state: 'held', ...touched }).where(eq(conversion.id, id));
      return { kind: 'held' };
    }
    const [running] = await tx.db
      .update(conversion)
      .set({ state: 'running', startedAt: sql`coalesce(${conversion.startedAt}, now())`, ...touched })
      .where(eq(conversion.id, id))
      .returning();
    if (row.datasetId !== null && stage === 'count') {
      await tx.db
        .update(dataset)
        .set({ status: 'processing', progress: 0, progressAt: sql`now()`, lastSeenAt: sql`now()`, stalledAt: null, errorKey: null, errorDetail: null, ...datasetTouched })
        .where(eq(dataset.id, row.datasetId));
    }
    await tx.db.update(mission).set({ pipelineStatus: 'processing' }).where(and(eq(mission.id, row.missionId), inArray(mission.pipelineStatus, ['not_started', 'queued', 'failed', 'completed'])));
    return { kind: 'run', row: running! };
  });
}

/** Progress within a stage (0–1) as the conversion's overall percent, mirrored on its dataset. */
export async function recordStageProgress(ctx: DomainContext, row: ConversionRow, stage: Exclude<ConversionStage, 'done'>, fraction: number): Promise<void> {
  const [from, to] = STAGE_SPAN[stage];
  let percent = from + (to - from) * Math.min(1, Math.max(0, fraction));
  if (stage === 'index' && row.chunksTotal > 0) {
    // Chunks run in parallel: the stage's progress is the share of chunks done plus this one's part.
    const [fresh] = await ctx.db.select({ done: conversion.chunksDone, total: conversion.chunksTotal }).from(conversion).where(eq(conversion.id, row.id));
    percent = from + ((to - from) * ((fresh?.done ?? 0) + fraction)) / Math.max(1, fresh?.total ?? row.chunksTotal);
  }
  percent = Math.round(percent * 10) / 10;
  await ctx.db
    .update(conversion)
    .set({ progress: sql`greatest(${conversion.progress}, ${percent})` })
    .where(and(eq(conversion.id, row.id), eq(conversion.state, 'running')));
  if (row.datasetId !== null) {
    await ctx.db
      .update(dataset)
      .set({ progress: sql`greatest(${dataset.progress}, ${percent})`, progressAt: sql`now()`, lastSeenAt: sql`now()`, stalledAt: null })
      .where(and(eq(dataset.id, row.datasetId), eq(dataset.status, 'processing')));
  }
}

/**
 * Locks the row and returns it while it is still worked on: running, or held because the mission
 * went on hold while this job ran (the job's result still counts; the next job waits for resume).
 */
async function stillOpen(tx: DomainContext, id: number): Promise<ConversionRow | null> {
  const [row] = await tx.db.select().from(conversion).where(eq(conversion.id, id)).for('update');
  return row && (row.state === 'running' || row.state === 'held') ? row : null;
}

export async function afterCount(ctx: DomainContext, id: number, result: { plan: unknown; pointCount: number; bounds: Bounds }): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const row = await stillOpen(tx, id);
    if (!row) return false;
    await tx.db
      .update(conversion)
      .set({ stage: 'distribute', plan: result.plan, pointCount: result.pointCount, bounds: result.bounds, progress: STAGE_SPAN.distribute[0], ...touched })
      .where(eq(conversion.id, id));
    if (row.datasetId !== null) {
      // What the points say replaces what the header declared.
      await tx.db.update(dataset).set({ pointCount: result.pointCount, bounds: result.bounds, ...datasetTouched }).where(eq(dataset.id, row.datasetId));
    }
    if (row.state === 'running') await enqueueJob(tx.db, conversionDistributeJob, { conversionId: id }, { missionId: row.missionId, createdBy: row.requestedBy });
    return true;
  });
}

export async function afterDistribute(ctx: DomainContext, id: number, chunks: string[]): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const row = await stillOpen(tx, id);
    if (!row) return false;
    await tx.db
      .update(conversion)
      .set({ stage: 'index', plan: { ...(row.plan as object), chunkIds: chunks }, chunksTotal: chunks.length, chunksDone: 0, doneChunks: [], progress: STAGE_SPAN.index[0], ...touched })
      .where(eq(conversion.id, id));
    if (row.state === 'running') await enqueueStage(tx, { ...row, stage: 'index', doneChunks: [] }, chunks);
    return true;
  });
}

/** Marks a chunk done; the job that completes the set moves the conversion on to the merge. */
export async function afterIndex(ctx: DomainContext, id: number, chunk: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const row = await stillOpen(tx, id);
    if (!row || row.stage !== 'index') return false;
    const done = row.doneChunks.includes(chunk) ? row.doneChunks : [...row.doneChunks, chunk];
    const complete = done.length >= row.chunksTotal;
    await tx.db
      .update(conversion)
      .set({ doneChunks: done, chunksDone: done.length, ...(complete ? { stage: 'merge' as const, progress: STAGE_SPAN.merge[0] } : {}), ...touched })
      .where(eq(conversion.id, id));
    if (complete && row.state === 'running') await enqueueJob(tx.db, conversionMergeJob, { conversionId: id }, { missionId: row.missionId, createdBy: row.requestedBy });
    return true;
  });
}

/**
 * The cloud is written: the conversion succeeded. A dataset's own cloud makes it processed (the
 * caller verifies the output and then calls `publishDatasetCloud`); a mission build replaces the
 * served online point cloud.
 */
export async function afterMerge(ctx: DomainContext, id: number, result: { pointCount: number; bounds: Bounds; sizeBytes: number }): Promise<ConversionRow | null> {
  return inTransaction(ctx, async (tx) => {
    const row = await stillOpen(tx, id);
    if (!row) return null;
    const [done] = await tx.db
      .update(conversion)
      .set({ state: 'succeeded', stage: 'done', progress: 100, pointCount: result.pointCount, bounds: result.bounds, sizeBytes: result.sizeBytes, finishedAt: sql`now()`, ...touched })
      .where(eq(conversion.id, id))
      .returning();
    if (row.datasetId !== null) {
      await tx.db
        .update(dataset)
        .set({ status: 'processed', progress: 100, progressAt: sql`now()`, lastSeenAt: sql`now()`, pointCount: result.pointCount, bounds: result.bounds, ...datasetTouched })
        .where(eq(dataset.id, row.datasetId));
      await recordAudit(tx, { entity: 'dataset', entityId: row.datasetId, missionId: row.missionId, action: 'processed', diff: { pointCount: result.pointCount } });
    } else {
      await tx.db.update(mission).set({ pipelineStatus: 'completed' }).where(eq(mission.id, row.missionId));
      await recordAudit(tx, { entity: 'mission', entityId: row.missionId, missionId: row.missionId, action: 'pointcloud', diff: { conversionId: id, pointCount: result.pointCount, datasets: row.sourceDatasetIds } });
      await tellMissionOwner(tx.db, row.missionId, 'pointcloudReady');
    }
    return done!;
  });
}

/** A dataset's verified cloud goes live: status available, its prefix served. */
export async function publishDatasetCloud(ctx: DomainContext, row: ConversionRow, cloudBytes: number): Promise<void> {
  if (row.datasetId === null) return;
  await inTransaction(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(dataset)
      .set({ status: 'available', cloudPrefix: row.outputPrefix, cloudBytes, ...datasetTouched })
      .where(and(eq(dataset.id, row.datasetId!), eq(dataset.status, 'processed')))
      .returning({ datasetId: dataset.datasetId });
    if (!updated) return;
    await recordAudit(tx, { entity: 'dataset', entityId: row.datasetId!, missionId: row.missionId, action: 'available', diff: { status: ['processed', 'available'] } });
    await tellMissionOwner(tx.db, row.missionId, 'available', updated.datasetId);
  });
}

/**
 * The conversion failed for good (bad input, or retries used up): state failed with a message
 * key, its dataset in status error with the same reason, the owner told. The caller removes the
 * partial output.
 */
export async function failConversion(ctx: DomainContext, id: number, errorKey: string, errorDetail: string): Promise<ConversionRow | null> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(conversion)
      .set({ state: 'failed', errorKey, errorDetail: errorDetail.slice(0, 2000), finishedAt: sql`now()`, ...touched })
      .where(and(eq(conversion.id, id), inArray(conversion.state, ['queued', 'running', 'held'])))
      .returning();
    if (!row) return null;
    if (row.datasetId !== null) {
      const [ds] = await tx.db
        .update(dataset)
        .set({ status: 'error', errorKey, errorDetail: errorDetail.slice(0, 2000), progressAt: sql`now()`, ...datasetTouched })
        .where(eq(dataset.id, row.datasetId))
        .returning({ datasetId: dataset.datasetId });
      await recordAudit(tx, { entity: 'dataset', entityId: row.datasetId, missionId: row.missionId, action: 'error', diff: { errorKey } });
      await tellMissionOwner(tx.db, row.missionId, 'failed', ds?.datasetId ?? '');
    } else {
      await tellMissionOwner(tx.db, row.missionId, 'pointcloudFailed');
    }
    await tx.db.update(mission).set({ pipelineStatus: 'failed' }).where(eq(mission.id, row.missionId));
    return row;
  });
}

/**
 * Queues the jobs of the conversion's current stage: one for count, distribute and merge; one per
 * chunk not yet done for index (`chunks`: all of them, known to the caller when the stage begins).
 */
export async function enqueueStage(tx: DomainContext, row: ConversionRow, chunks?: string[]): Promise<void> {
  const options = { missionId: row.missionId, createdBy: row.requestedBy };
  const conversionId = row.id;
  switch (row.stage) {
    case 'count':
      return void (await enqueueJob(tx.db, conversionCountJob, { conversionId }, options));
    case 'distribute':
      return void (await enqueueJob(tx.db, conversionDistributeJob, { conversionId }, options));
    case 'index': {
      const all = chunks ?? planChunks(row.plan);
      const left = all.filter((c) => !row.doneChunks.includes(c));
      for (const chunk of left) await enqueueJob(tx.db, conversionIndexJob, { conversionId, chunk }, options);
      if (all.length === 0 || left.length === 0) await enqueueJob(tx.db, conversionMergeJob, { conversionId }, options);
      return;
    }
    case 'merge':
      return void (await enqueueJob(tx.db, conversionMergeJob, { conversionId }, options));
    case 'done':
      return;
  }
}

/** The chunk ids the distribute stage produced, kept in the plan. */
function planChunks(plan: unknown): string[] {
  const chunks = (plan as { chunkIds?: unknown } | null)?.chunkIds;
  return Array.isArray(chunks) ? chunks.map(String) : [];
}

/** spec §2 "resume": every held conversion of the mission continues from the stage it stopped at. */
export async function resumeConversions(ctx: DomainContext, missionId: number): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const held = await tx.db.update(conversion).set({ state: 'queued', ...touched }).where(and(eq(conversion.missionId, missionId), eq(conversion.state, 'held'))).returning();
    for (const row of held) await enqueueStage(tx, row);
    return held.length;
  });
}
