import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { defineJobContract, MAX_EXPIRE_SECONDS } from '../jobs/define';

/*
 * A conversion to Potree 2.0 runs as a chain of jobs (docs/adr/0008-scan-data-in.md): count →
 * distribute → index (one job per chunk, so every worker on every machine takes a share) → merge.
 * The state between them is the conversion row and its work prefix in storage; a job that finds
 * its mission on hold stops there (state held) and resume queues what is left.
 */

/*
 * pg-boss's expiry is the outer bound only; each stage aborts itself after CONVERSION_TIMEOUT_MINUTES
 * (read when it runs, stage-handlers.ts), with a reason the user can read.
 */
const retry = { limit: 2, delaySeconds: 5, backoff: true };
const conversionId = z.object({ conversionId: idSchema });

export const conversionCountJob = defineJobContract({ name: 'conversion.count', schema: conversionId, retry, expireInSeconds: MAX_EXPIRE_SECONDS, concurrency: 1 });
export const conversionDistributeJob = defineJobContract({ name: 'conversion.distribute', schema: conversionId, retry, expireInSeconds: MAX_EXPIRE_SECONDS, concurrency: 1 });
export const conversionIndexJob = defineJobContract({
  name: 'conversion.index',
  schema: conversionId.extend({ chunk: z.string().min(1).max(100) }),
  retry,
  expireInSeconds: MAX_EXPIRE_SECONDS,
  concurrency: 2,
});
export const conversionMergeJob = defineJobContract({ name: 'conversion.merge', schema: conversionId, retry, expireInSeconds: MAX_EXPIRE_SECONDS, concurrency: 1 });

export const CONVERSION_JOB_TYPES = [conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob].map((c) => c.name);
