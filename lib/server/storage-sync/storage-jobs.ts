import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { defineJobContract } from '../jobs/define';

const input = z.object({ missionId: idSchema, requestedBy: z.uuid().nullable().default(null) });
const retry = { limit: 2, delaySeconds: 15, backoff: true };
// A sync of a large mission reads and writes every byte once: hours for terabytes, well below 23 h.
const expireInSeconds = 12 * 60 * 60;

/** Copies the mission's files to the cloud (sync-files.ts); resumable, so retries are cheap. */
export const storageSyncJob = defineJobContract({ name: 'storage.sync', schema: input, retry, expireInSeconds, concurrency: 1 });
/** Removes the mission's cloud copies (unsync-files.ts). */
export const storageUnsyncJob = defineJobContract({ name: 'storage.unsync', schema: input, retry, expireInSeconds, concurrency: 1 });
/** Brings back files missing or damaged locally (restore-files.ts). */
export const storageRestoreJob = defineJobContract({ name: 'storage.restore', schema: input, retry, expireInSeconds, concurrency: 1 });
/** Re-reads a sample of files in both tiers and repairs from the good copy (verify-sample.ts). */
export const storageVerifyJob = defineJobContract({
  name: 'storage.verify',
  schema: z.object({}).default({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 2 * 60 * 60,
  concurrency: 1,
  cron: '17 * * * *',
});
/**
 * Brings every mission's inventory up to date with storage (size and date only; reads only new or
 * changed files): the backfill of files stored before the inventory existed, and what shows a
 * synced mission as out of date. Also enqueued once when a worker starts.
 */
export const storageInventoryJob = defineJobContract({
  name: 'storage.inventory',
  schema: z.object({}).default({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 2 * 60 * 60,
  concurrency: 1,
  cron: '*/10 * * * *',
});
