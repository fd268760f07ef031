import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { customer } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { CUSTOMER_ERRORS, invalidField } from './customer-errors';

/**
 * A sub-customer hangs under a top-level customer of the same company (missions name a customer
 * and a sub-customer: two levels, never a cycle). `selfId` is the customer being edited.
 */
export async function checkParent(ctx: DomainContext, parentId: number | null, companyId: number, selfId?: number): Promise<void> {
  if (parentId === null) return;
  if (parentId === selfId) throw invalidField('parentId', CUSTOMER_ERRORS.parentSelf, 'a customer cannot be its own parent', 'errors.admin.customerSelfParent');
  const [parent] = await ctx.db.select({ companyId: customer.companyId, parentId: customer.parentId }).from(customer).where(eq(customer.id, parentId));
  if (!parent) throw invalidField('parentId', CUSTOMER_ERRORS.parentNotFound, 'customer not found', 'errors.admin.customerNotFound');
  if (parent.companyId !== companyId) throw invalidField('parentId', CUSTOMER_ERRORS.parentOtherCompany, 'a sub-customer belongs to the same company as its parent', 'errors.admin.parentOtherCompany');
  if (parent.parentId !== null) throw invalidField('parentId', CUSTOMER_ERRORS.parentIsSubCustomer, 'a sub-customer cannot have sub-customers', 'errors.admin.parentIsSubCustomer');
  if (selfId !== undefined) {
    const [children] = await ctx.db.select({ n: count() }).from(customer).where(and(eq(customer.parentId, selfId)));
    if ((children?.n ?? 0) > 0) throw invalidField('parentId', CUSTOMER_ERRORS.hasSubCustomers, 'a customer with sub-customers cannot become a sub-customer', 'errors.admin.hasSubCustomers');
  }
}
