import 'server-only';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { shareMissionInput, type MissionShareDto } from '@/lib/shared/schemas/mission-share';
import { recordAudit } from '../audit/record-audit';
import { actorId } from '../auth/actor';
import { customerScope } from '../customers/customer-access';
import { customer, missionShare } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { AppError, notFound } from '../errors';
import { requireMission } from './visibility';

const toDto = (row: typeof missionShare.$inferSelect): MissionShareDto => ({
  missionId: row.missionId,
  customerId: row.customerId,
  sharedBy: row.sharedBy,
  sharedAt: row.sharedAt.toISOString(),
});

/**
 * Shares a mission with an additional customer (spec §2). Sharing again is a no-op returning the
 * existing share. Who may share: mission-access.ts (internal users; customers for their own
 * company's missions). The customer shared with must be one the sharer may see (customer-access.ts:
 * customers their own company's): any other id is 404 like an id that does not exist, so shares
 * (and the share list read back) cannot be used to discover other companies' customers.
 */
export async function shareMission(ctx: DomainContext, data: z.output<typeof shareMissionInput>): Promise<MissionShareDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: target } = await requireMission(tx, data.missionId, 'share');
    if (target.customerId === data.customerId) {
      throw new AppError('validation', 'invalid input', { fields: { customerId: ['errors.missions.ownCustomer'] } });
    }
    const [withCustomer] = await tx.db
      .select({ id: customer.id })
      .from(customer)
      .where(and(eq(customer.id, data.customerId), customerScope(tx.actor)));
    if (!withCustomer) throw notFound('customer');

    const [inserted] = await tx.db
      .insert(missionShare)
      .values({ missionId: data.missionId, customerId: data.customerId, sharedBy: actorId(tx.actor) })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [existing] = await tx.db
        .select()
        .from(missionShare)
        .where(and(eq(missionShare.missionId, data.missionId), eq(missionShare.customerId, data.customerId)));
      return toDto(existing!);
    }
    await recordAudit(tx, {
      entity: 'mission',
      entityId: data.missionId,
      missionId: data.missionId,
      action: 'share',
      diff: { sharedWith: data.customerId },
    });
    return toDto(inserted);
  });
}

/** shareMission for JSON-shaped input (seed, tests): parsed with the shared schema first. */
export const shareMissionFromJson = parsedBy(shareMissionInput, shareMission);
