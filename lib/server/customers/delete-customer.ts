import 'server-only';
import { and, count, eq, or } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { customer, mission } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { encodeKey } from '@/lib/shared/validation/issue';
import { AppError } from '../errors';
import { customerNotFound } from './customer-errors';
import { customerScope, requireCustomerWrite } from './customer-access';
import { toCustomerDto } from './customer-dto';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why a customer cannot go: the missions (as customer or sub-customer) and sub-customers that name it. */
export function customerInUse(missions: number, subCustomers: number): AppError {
  const parts = [missions > 0 && plural(missions, 'mission', 'missions'), subCustomers > 0 && plural(subCustomers, 'sub-customer', 'sub-customers')].filter(Boolean);
  return new AppError('conflict', `This customer cannot be deleted: ${parts.join(' and ')} depend on it.`, { reason: 'in_use', missions, subCustomers }, encodeKey('errors.admin.customerInUse', { missions, subCustomers }));
}

/**
 * Deletes a customer nothing depends on; 409 `conflict` (details: missions, subCustomers) while
 * missions or sub-customers name it. Shares with it go along (mission_share cascades); users
 * linked to it keep their accounts without the customer (app_user: on delete set null).
 */
export async function deleteCustomer(ctx: DomainContext, { id }: { id: number }): Promise<void> {
  await requireCustomerWrite(ctx.actor);
  await inTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(customer)
      .where(and(eq(customer.id, id), customerScope(ctx.actor)))
      .for('update');
    if (!current) throw customerNotFound();
    const [[missions], [subCustomers]] = await Promise.all([
      tx.db.select({ n: count() }).from(mission).where(or(eq(mission.customerId, id), eq(mission.subCustomerId, id))),
      tx.db.select({ n: count() }).from(customer).where(eq(customer.parentId, id)),
    ]);
    const m = missions?.n ?? 0;
    const s = subCustomers?.n ?? 0;
    if (m > 0 || s > 0) throw customerInUse(m, s);
    await tx.db.delete(customer).where(eq(customer.id, id));
    await recordAudit(tx, { entity: 'customer', entityId: id, action: 'delete', diff: toCustomerDto(current) as unknown as Record<string, unknown> });
  });
}
