import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { missionFileSchema } from '@/lib/shared/schemas/mission-file';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/*
 * spec §2 mission detail "downloads": the files a mission owns (raw scan uploads, CAD deliverables,
 * photos, tour images) and their streamed download. Raw files are for users who see every field
 * of the mission (mission capability readAllFields): external users do not get them.
 */

const tag = 'missions';

export const listMissionFiles = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/files',
  summary: "The mission's files (raw scans, CAD deliverables, photos, tour images), by kind then oldest first",
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(missionFileSchema) }),
});

export const downloadMissionFile = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/files/{fileId}',
  summary: 'One file of the mission, streamed as an attachment; Range → 206',
  tag,
  params: missionIdParams.extend({ fileId: z.coerce.number().pipe(idSchema) }),
  response: z.string().describe('The file itself'),
});
