import { z } from 'zod';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { deleteOrphansBody, orphanSchema, storageOperationSchema, storageOverviewSchema, storedFileSchema } from '@/lib/shared/schemas/storage';
import { endpoint } from '../endpoint';

/*
 * spec §2 /storage (issue 15, docs/adr/0013-storage-and-cloud-sync.md): the missions with their
 * local and cloud size and state, and the sync, unsync and restore operations. Permission storage.
 */
const tag = 'storage';

export const storageOverview = endpoint({
  method: 'GET',
  path: '/api/v2/storage',
  summary: 'Every mission with local and cloud size, state, progress and last sync; totals and free local disk',
  tag,
  response: storageOverviewSchema,
});

export const listStoredFiles = endpoint({
  method: 'GET',
  path: '/api/v2/storage/missions/{id}/files',
  summary: 'The file inventory of one mission: size, SHA-256, local state and cloud copy',
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(storedFileSchema) }),
});

export const unsyncMission = endpoint({
  method: 'DELETE',
  path: '/api/v2/missions/{id}/cloud-sync',
  summary: 'Starts removing the mission\'s cloud copies (never the only copy of a file). 409 while a sync or restore runs',
  tag,
  params: missionIdParams,
  response: storageOperationSchema,
  status: 202,
});

export const restoreMissionFromCloud = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/cloud-restore',
  summary: 'Starts bringing back from the cloud every file missing or damaged locally, verified by SHA-256. 409 while a sync or unsync runs',
  tag,
  params: missionIdParams,
  body: z.object({}).optional(),
  response: storageOperationSchema,
  status: 202,
});

export const listOrphans = endpoint({
  method: 'GET',
  path: '/api/v2/storage/orphans',
  summary: 'Stored files, in either tier, under the id of a mission that is not in the mission list, per mission id (admins only)',
  tag,
  response: z.object({ items: z.array(orphanSchema) }),
});

export const deleteOrphans = endpoint({
  method: 'POST',
  path: '/api/v2/storage/orphans/delete',
  summary: 'Deletes, in both tiers, the stored files of mission ids that are not in the mission list (admins only); ids of existing missions are refused',
  tag,
  body: deleteOrphansBody,
  response: z.object({ deleted: z.number().int() }),
});
