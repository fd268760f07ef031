import 'server-only';
import type { z } from 'zod';
import type { cloudSyncBody } from '@/lib/shared/schemas/mission-view';
import { inTransaction, type DomainContext } from '../domain/context';
import { startCloudSync, startCloudUnsync } from '../storage-sync/start-operation';
import { getMission } from './get-mission';
import type { MissionActionInput } from './mission-action';

/**
 * spec §2 mission action "cloud sync": the same action as on /storage. Going online starts the
 * sync job (the mission shows `syncing` until every file is verified in the cloud), going offline
 * the unsync job. Internal users with the permission `storage` (storage-sync/storage-access.ts).
 */
export async function setMissionCloudSync(ctx: DomainContext, input: MissionActionInput & z.output<typeof cloudSyncBody>) {
  const missionId = input.id;
  // One transaction: the answer shows the state the job starts from, not what it did meanwhile.
  return inTransaction(ctx, async (tx) => {
    await (input.online ? startCloudSync(tx, { missionId }) : startCloudUnsync(tx, { missionId }));
    return getMission(tx, { id: missionId });
  });
}
