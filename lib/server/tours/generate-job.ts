import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { defineJobContract } from '../jobs/define';

/** A tour is generated: tiles of every panorama it uses, links from their places, one manifest. */
export const tourGenerateJob = defineJobContract({
  name: 'tour.generate',
  schema: z.object({ tourId: idSchema }),
  // Retries wait for a point cloud being rebuilt (up to about 40 minutes in all); other refusals are final.
  retry: { limit: 8, delaySeconds: 10, backoff: true },
  // About 0.3 s per 4096-wide panorama on a core: an hour covers thousands.
  expireInSeconds: 60 * 60,
  concurrency: 1,
});

/** A tour's files, under its mission's own prefix (so storage sync counts them among the mission's files). */
export const tourPrefix = (missionId: number, tourId: number) => `missions/${missionId}/tours/${tourId}/`;
/** Where one generation writes: its own prefix, so the previous tour stays whole until the swap. */
export const generationPrefix = (missionId: number, tourId: number, jobId: string) => `${tourPrefix(missionId, tourId)}g-${jobId}/`;
