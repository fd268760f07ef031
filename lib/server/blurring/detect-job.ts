import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { defineJobContract } from '../jobs/define';

/**
 * An image that arrived is read (size from the header, pixel limit before decoding), searched for
 * faces (proposals kept with their source and confidence) and rendered blurred with a thumbnail.
 */
export const blurringDetectJob = defineJobContract({
  name: 'blurring.detect',
  schema: z.object({ imageId: idSchema }),
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  expireInSeconds: 30 * 60,
  // One at a time per worker: the detector keeps a core busy.
  concurrency: 1,
});
