import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { MissionActionInput, MissionDetail } from '@/lib/shared/schemas/mission-view';
import { recordAudit } from '../audit/record-audit';
import { mission } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { versionConflict } from '../errors';
import { missionDetail } from './get-mission';
import type { MissionCapability } from './mission-access';
import { requireMission, type MissionRow } from './visibility';

export type { MissionActionInput };

type ActionChanges = Partial<Pick<MissionRow, 'closed' | 'hidden' | 'onHold' | 'pipelineStatus' | 'cloudOnline' | 'cloudSyncState' | 'cloudSyncedAt'>>;

/**
 * The common part of the mission actions (spec §2): authorize, check the optional `version`,
 * apply the state change, bump the version, audit — in one transaction. An action that would
 * change nothing (closing a closed mission) answers the mission as it is and records nothing.
 */
export async function applyMissionAction(
  ctx: DomainContext,
  input: MissionActionInput,
  action: { name: string; capability: MissionCapability; changes: (row: MissionRow) => ActionChanges },
): Promise<MissionDetail> {
  const { id, version } = input;
  return inTransaction(ctx, async (tx) => {
    const { row, access } = await requireMission(tx, id, action.capability, { lock: true });
    if (version !== undefined && row.version !== version) throw versionConflict('mission');
    const changes = action.changes(row);
    const diff: Record<string, [unknown, unknown]> = {};
    for (const [field, value] of Object.entries(changes) as [keyof ActionChanges, unknown][]) {
      const before = row[field];
      const same = before instanceof Date || value instanceof Date ? false : before === value;
      if (!same) diff[field] = [before, value];
    }
    const fullFields = access.capabilities.has('readAllFields');
    if (Object.keys(diff).filter((f) => f !== 'cloudSyncedAt').length === 0) return missionDetail(tx, row, fullFields);
    const [updated] = await tx.db
      .update(mission)
      .set({ ...changes, updatedAt: sql`now()`, version: sql`${mission.version} + 1` })
      .where(eq(mission.id, id))
      .returning();
    await recordAudit(tx, { entity: 'mission', entityId: id, missionId: id, action: action.name, diff });
    return missionDetail(tx, updated!, fullFields);
  });
}
