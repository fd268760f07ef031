import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { recordAudit } from '../audit/record-audit';
import { missionTag, tag } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { AppError } from '../errors';
import { requireMission } from '../missions/visibility';

export const missionTagInput = z.object({ missionId: idSchema, tagId: idSchema });
export type MissionTagInput = z.output<typeof missionTagInput>;

/** Puts a tag on a mission (internal users); tagging twice is a no-op. Answers the mission's tag ids. */
export async function attachMissionTag(ctx: DomainContext, input: MissionTagInput): Promise<number[]> {
  const { missionId, tagId } = input;
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'tag');
    const [known] = await tx.db.select({ id: tag.id }).from(tag).where(eq(tag.id, tagId));
    if (!known) throw new AppError('validation', 'invalid input', { fields: { tagId: ['errors.missions.unknownTag'] } });
    const [added] = await tx.db.insert(missionTag).values({ missionId, tagId }).onConflictDoNothing().returning();
    if (added) await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: 'tag', diff: { tagId } });
    return tagIdsOf(tx, missionId);
  });
}

export async function tagIdsOf(ctx: DomainContext, missionId: number): Promise<number[]> {
  const rows = await ctx.db.select({ tagId: missionTag.tagId }).from(missionTag).where(eq(missionTag.missionId, missionId)).orderBy(missionTag.tagId);
  return rows.map((r) => r.tagId);
}

/** attachMissionTag for JSON-shaped input (tests): parsed with the schema first. */
export const attachMissionTagFromJson = parsedBy(missionTagInput, attachMissionTag);
