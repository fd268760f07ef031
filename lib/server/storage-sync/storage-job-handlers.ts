import 'server-only';
import type { StorageOperation } from '@/lib/shared/schemas/storage';
import { env } from '../env';
import type { JobContext, JobHandler } from '../jobs/define';
import { cloudStorage } from '../storage/cloud';
import { runStorageOperation, type OperationResult } from './run-operation';
import type { storageInventoryJob, storageSyncJob, storageVerifyJob } from './storage-jobs';
import { refreshInventories, verifySample, type VerifyOutcome } from './verify-sample';

type Handler = JobHandler<(typeof storageSyncJob)['schema'], OperationResult>;

/** The tiers of a job: its database and local storage, the configured cloud. */
export const jobTiers = (ctx: JobContext) => ({ db: ctx.db, local: ctx.storage, cloud: cloudStorage(), concurrency: env().CLOUD_SYNC_CONCURRENCY, signal: ctx.signal });

const handlerOf = (operation: StorageOperation): Handler => ({
  run: (data, ctx) =>
    runStorageOperation(jobTiers(ctx), operation, { missionId: data.missionId, jobId: ctx.jobId, requestedBy: data.requestedBy, lastAttempt: ctx.attempt >= ctx.maxAttempts }),
});

export const storageSyncHandler = handlerOf('sync');
export const storageUnsyncHandler = handlerOf('unsync');
export const storageRestoreHandler = handlerOf('restore');

/** Files the hourly check re-reads in both tiers. */
const VERIFY_SAMPLE = 200;

export const storageVerifyHandler: JobHandler<(typeof storageVerifyJob)['schema'], VerifyOutcome> = {
  run: (_data, ctx) => verifySample(jobTiers(ctx), VERIFY_SAMPLE),
};

export const storageInventoryHandler: JobHandler<(typeof storageInventoryJob)['schema'], { missions: number }> = {
  run: async (_data, ctx) => ({ missions: await refreshInventories(jobTiers(ctx)) }),
};
