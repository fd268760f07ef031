import 'server-only';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { missionTag } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { requireMission } from '../missions/visibility';
import { missionTagInput, tagIdsOf, type MissionTagInput } from './attach-mission-tag';

/** Takes a tag off a mission (internal users); a tag it does not carry is a no-op. Answers the mission's tag ids. */
export async function detachMissionTag(ctx: DomainContext, input: MissionTagInput): Promise<number[]> {
  const { missionId, tagId } = input;
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'tag');
    const [removed] = await tx.db.delete(missionTag).where(and(eq(missionTag.missionId, missionId), eq(missionTag.tagId, tagId))).returning();
    if (removed) await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: 'untag', diff: { tagId } });
    return tagIdsOf(tx, missionId);
  });
}

/** detachMissionTag for JSON-shaped input (tests): parsed with the schema first. */
export const detachMissionTagFromJson = parsedBy(missionTagInput, detachMissionTag);
