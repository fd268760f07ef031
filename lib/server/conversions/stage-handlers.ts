import 'server-only';
import type { z } from 'zod';
import type { ConversionRow } from '../datasets/dataset-dto';
import type { DomainContext } from '../domain/context';
import { jobDomainContext } from '../domain/contexts';
import { env } from '../env';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/define';
import { PointCloudError } from '../pointcloud/types';
import type { conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob } from './conversion-jobs';
import { afterCount, afterDistribute, afterIndex, afterMerge, claimStage, failConversion, publishDatasetCloud, recordStageProgress, type ConversionStage } from './conversion-state';
import { refreshMissionPointcloud } from '../datasets/mission-pointcloud';
import { engine, type StageArgs } from './engine';
import { removeConversionOutput, removeSupersededOutputs, verifyCloud } from './conversion-files';

type Stage = Exclude<ConversionStage, 'done'>;

/** Progress is written at most this often per job (the row is read by every pipeline poll). */
const PROGRESS_EVERY_MS = 1000;

/**
 * The part every stage job shares: claim the stage (skip when cancelled, past it or held), run it
 * with progress and the job's abort signal, then let `after` advance the conversion. A bad input
 * fails the conversion at once; anything else is retried, and fails it on the last attempt.
 */
async function runStage<T>(
  stage: Stage,
  conversionId: number,
  job: JobContext,
  work: (row: ConversionRow, args: StageArgs) => Promise<T>,
  after: (ctx: DomainContext, row: ConversionRow, result: T) => Promise<unknown>,
) {
  const ctx = jobDomainContext(job);
  const claim = await claimStage(ctx, conversionId, stage);
  if (claim.kind !== 'run') return { skipped: claim.kind === 'held' ? 'held' : claim.reason };
  const { row } = claim;
  const timeout = AbortSignal.timeout(env().CONVERSION_TIMEOUT_MINUTES * 60_000);
  let last = 0;
  const args: StageArgs = {
    storage: ctx.storage,
    inputs: row.inputs,
    workPrefix: row.workPrefix,
    outputPrefix: row.outputPrefix,
    plan: row.plan,
    signal: AbortSignal.any([job.signal, timeout]),
    onProgress: async (fraction: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      await recordStageProgress(ctx, row, stage, fraction);
      await job.reportProgress(Math.round(fraction * 100));
    },
  };
  try {
    const result = await work(row, args);
    await after(ctx, row, result);
    return { stage, conversionId };
  } catch (err) {
    const bad = err instanceof PointCloudError;
    if (bad || timeout.aborted || err instanceof PermanentJobError || job.attempt >= job.maxAttempts) {
      const key = bad ? `errors.pointcloud.${err.code}` : timeout.aborted ? 'errors.datasets.timedOut' : 'errors.datasets.conversionFailed';
      const failed = await failConversion(ctx, conversionId, key, err instanceof Error ? err.message : String(err));
      if (failed) await removeConversionOutput(ctx.storage, failed);
      throw new PermanentJobError(err instanceof Error ? err.message : String(err));
    }
    throw err;
  }
}

export const conversionCountHandler: JobHandler<typeof conversionCountJob.schema> = {
  run: ({ conversionId }, job) =>
    runStage('count', conversionId, job, (_row, args) => engine.count(args), (ctx, row, result) => afterCount(ctx, row.id, result)),
};

export const conversionDistributeHandler: JobHandler<typeof conversionDistributeJob.schema> = {
  run: ({ conversionId }, job) =>
    runStage('distribute', conversionId, job, (_row, args) => engine.distribute(args), (ctx, row, result) => afterDistribute(ctx, row.id, result.chunks)),
};

export const conversionIndexHandler: JobHandler<typeof conversionIndexJob.schema> = {
  run: ({ conversionId, chunk }: z.output<typeof conversionIndexJob.schema>, job) =>
    runStage('index', conversionId, job, (_row, args) => engine.indexChunk({ ...args, chunk }), (ctx, row) => afterIndex(ctx, row.id, chunk)),
};

export const conversionMergeHandler: JobHandler<typeof conversionMergeJob.schema> = {
  run: ({ conversionId }, job) =>
    runStage('merge', conversionId, job, async (row, args) => {
      const result = await engine.merge(args);
      // A cloud goes live only once what was written reads back whole.
      const verified = await verifyCloud(args.storage, row.outputPrefix, result.pointCount);
      return { ...result, sizeBytes: verified.sizeBytes };
    }, async (ctx, row, result) => {
      const done = await afterMerge(ctx, row.id, result);
      if (!done) return removeConversionOutput(ctx.storage, row);
      await ctx.storage.deletePrefix(row.workPrefix);
      await publishDatasetCloud(ctx, done, result.sizeBytes);
      await removeSupersededOutputs(ctx, done);
      // A new dataset cloud, or a build that the datasets outran meanwhile: the online cloud follows.
      await refreshMissionPointcloud(ctx, done.missionId);
    }),
};
