import 'server-only';
import { z } from 'zod';
import { defineJobContract } from '../jobs/define';

/**
 * Every minute: a dataset being uploaded, imported or processed that has made no progress for
 * DATASET_STALL_MINUTES is marked stalled, and its mission owner is told (in the app and by e-mail)
 * once per stall. Progress clears the mark.
 */
export const datasetStallCheckJob = defineJobContract({
  name: 'dataset.stall-check',
  schema: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 5 * 60,
  concurrency: 1,
  cron: '* * * * *',
});
