import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { env } from '../env';
import { defineJobContract } from '../jobs/define';

/*
 * A conversion to Potree 2.0 runs as a chain of jobs (docs/adr/0008-scan-data-in.md): count →
 * distribute → index (one job per chunk, so every worker on every machine takes a share) → merge.
 * The state between them is the conversion row and its work prefix in storage; a job that finds
 * its mission on hold stops there (state held) and resume queues what is left.
 */

const expireInSeconds = () => env().CONVERSION_TIMEOUT_MINUTES * 60;
const retry = { limit: 2, delaySeconds: 5, backoff: true };
const conversionId = z.object({ conversionId: idSchema });

export const conversionCountJob = defineJobContract({ name: 'conversion.count', schema: conversionId, retry, expireInSeconds: expireInSeconds(), concurrency: 1 });
export const conversionDistributeJob = defineJobContract({ name: 'conversion.distribute', schema: conversionId, retry, expireInSeconds: expireInSeconds(), concurrency: 1 });
export const conversionIndexJob = defineJobContract({
  name: 'conversion.index',
  schema: conversionId.extend({ chunk: z.string().min(1).max(100) }),
  retry,
  expireInSeconds: expireInSeconds(),
  concurrency: 2,
});
export const conversionMergeJob = defineJobContract({ name: 'conversion.merge', schema: conversionId, retry, expireInSeconds: expireInSeconds(), concurrency: 1 });

export const CONVERSION_JOB_TYPES = [conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob].map((c) => c.name);
