import 'server-only';
import { requirePermission } from '../auth/require-permission';
import type { DomainContext } from '../domain/context';
import { requireMission, type MissionRow } from '../missions/visibility';

/**
 * Storage is the permission `storage` (spec §3 UI.menu.storage) on a mission the user may cloud
 * sync (mission-access.ts: internal users). An unknown id is 404, someone else's mission 403.
 */
export async function requireStorageMission(ctx: DomainContext, missionId: number, options: { lock?: boolean } = {}): Promise<MissionRow> {
  const { row } = await requireMission(ctx, missionId, 'cloudSync', options);
  await requirePermission(ctx.actor, 'UI.menu.storage');
  return row;
}

export const requireStorage = (ctx: DomainContext) => requirePermission(ctx.actor, 'UI.menu.storage');
