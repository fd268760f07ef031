import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { defineJobContract } from '../jobs/define';

/**
 * A finished scan upload is imported: its content verified, its header and points read (count,
 * bounds, point format, CRS), the dataset moved uploading → imported, and its conversion queued.
 * A bad file fails for good (PermanentJobError) and leaves the dataset in status error.
 */
export const datasetImportJob = defineJobContract({
  name: 'dataset.import',
  schema: z.object({ datasetId: idSchema }),
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  expireInSeconds: 2 * 60 * 60,
  concurrency: 2,
});
