import 'server-only';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { shareMissionInput } from '@/lib/shared/schemas/mission-share';
import { recordAudit } from '../audit/record-audit';
import { missionShare } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { notFound } from '../errors';
import { requireMission } from './visibility';

/**
 * Revokes a share (spec §2): the customer no longer sees the mission. The same people who may
 * share may revoke; revoking a share that does not exist is 404.
 */
export async function revokeMissionShare(ctx: DomainContext, data: z.output<typeof shareMissionInput>): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await requireMission(tx, data.missionId, 'share');
    const [removed] = await tx.db
      .delete(missionShare)
      .where(and(eq(missionShare.missionId, data.missionId), eq(missionShare.customerId, data.customerId)))
      .returning();
    if (!removed) throw notFound('share');
    await recordAudit(tx, {
      entity: 'mission',
      entityId: data.missionId,
      missionId: data.missionId,
      action: 'unshare',
      diff: { sharedWith: data.customerId, sharedBy: removed.sharedBy, sharedAt: removed.sharedAt },
    });
  });
}

/** revokeMissionShare for JSON-shaped input (tests): parsed with the shared schema first. */
export const revokeMissionShareFromJson = parsedBy(shareMissionInput, revokeMissionShare);
