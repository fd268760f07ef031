import 'server-only';
import { z } from 'zod';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/**
 * spec §2 "cloud sync": puts the mission online in the cloud (or takes it offline). Today this is
 * the recorded state change only — no files move yet; the storage issue attaches the transfer
 * job to this verb. Internal users only.
 */
export function setMissionCloudSync(ctx: DomainContext, input: MissionActionInput & { online: boolean }) {
  const online = parseInput(z.object({ online: z.boolean() }), { online: input.online }).online;
  return applyMissionAction(ctx, input, {
    name: online ? 'cloud_sync' : 'cloud_unsync',
    capability: 'cloudSync',
    changes: () =>
      online
        ? { cloudOnline: true, cloudSyncState: 'synced' as const, cloudSyncedAt: ctx.clock.now() }
        : { cloudOnline: false, cloudSyncState: 'unsynced' as const },
  });
}
