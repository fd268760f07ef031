import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { company, customer, mission } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { encodeKey } from '@/lib/shared/validation/issue';
import { AppError } from '../errors';
import { companyNotFound } from './company-errors';
import { companyScope, requireCompanyAdmin } from './company-access';
import { toCompanyDto } from './company-dto';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why a company cannot go: the provider itself, or the missions and customers that still name it. */
export function companyInUse(missions: number, customers: number): AppError {
  const parts = [missions > 0 && plural(missions, 'mission', 'missions'), customers > 0 && plural(customers, 'customer', 'customers')].filter(Boolean);
  return new AppError('conflict', `This company cannot be deleted: ${parts.join(' and ')} depend on it.`, { reason: 'in_use', missions, customers }, encodeKey('errors.admin.companyInUse', { missions, customers }));
}

const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

/**
 * Deletes a company nothing depends on. Refused with 409 `conflict` (details.reason) for the
 * provider's own company and while missions or customers name it (details carry both counts).
 * Users of the company keep their accounts and lose the company link (app_user: on delete set null).
 */
export async function deleteCompany(ctx: DomainContext, { id }: { id: number }): Promise<void> {
  await requireCompanyAdmin(ctx.actor, 'delete companies');
  await inTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(company)
      .where(and(eq(company.id, id), companyScope(ctx.actor)))
      .for('update');
    if (!current) throw companyNotFound();
    if (current.isProvider) throw new AppError('conflict', "The provider's own company cannot be deleted.", { reason: 'provider' }, 'errors.admin.providerNotDeletable');
    const [[missions], [customers]] = await Promise.all([
      tx.db.select({ n: count() }).from(mission).where(eq(mission.companyId, id)),
      tx.db.select({ n: count() }).from(customer).where(eq(customer.companyId, id)),
    ]);
    if ((missions?.n ?? 0) > 0 || (customers?.n ?? 0) > 0) throw companyInUse(missions?.n ?? 0, customers?.n ?? 0);
    // A mission or customer created since the count still meets the foreign key: the same refusal.
    await tx.db
      .delete(company)
      .where(eq(company.id, id))
      .catch((err: unknown) => {
        if (isForeignKeyViolation(err)) throw companyInUse(missions?.n ?? 0, customers?.n ?? 0);
        throw err;
      });
    await recordAudit(tx, { entity: 'company', entityId: id, action: 'delete', diff: toCompanyDto(current) as unknown as Record<string, unknown> });
  });
}
