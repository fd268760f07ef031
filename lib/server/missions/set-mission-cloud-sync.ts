import 'server-only';
import type { z } from 'zod';
import type { cloudSyncBody } from '@/lib/shared/schemas/mission-view';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/**
 * spec §2 "cloud sync": puts the mission online in the cloud (or takes it offline). Today this is
 * the recorded state change only — no files move yet; the storage issue attaches the transfer
 * job to this verb. Internal users only.
 */
export function setMissionCloudSync(ctx: DomainContext, input: MissionActionInput & z.output<typeof cloudSyncBody>) {
  const { online } = input;
  return applyMissionAction(ctx, input, {
    name: online ? 'cloud_sync' : 'cloud_unsync',
    capability: 'cloudSync',
    changes: () =>
      online
        ? { cloudOnline: true, cloudSyncState: 'synced' as const, cloudSyncedAt: ctx.clock.now() }
        : { cloudOnline: false, cloudSyncState: 'unsynced' as const },
  });
}
