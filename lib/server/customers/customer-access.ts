import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { seesAllTenants, type Actor } from '../auth/actor';
import { requirePermission } from '../auth/require-permission';
import { customer } from '../db/schema';
import { AppError } from '../errors';

/** spec §6: the flag that shows the customer center also opens its API. */
export const requireCustomerCenter = (actor: Actor) => requirePermission(actor, 'UI.menu.customerCenter');

/** Customer writes: the center's flag and `write.customer` (spec §3 permission set). */
export const requireCustomerWrite = (actor: Actor) => requirePermission(actor, 'UI.menu.customerCenter', 'write.customer');

/** Tenant scope: internal users and the system see every customer, anyone else their own company's. */
export function customerScope(actor: Actor): SQL | undefined {
  if (seesAllTenants(actor)) return undefined;
  return actor.kind === 'user' && actor.companyId !== null ? eq(customer.companyId, actor.companyId) : sql`false`;
}

/** Whether the actor may put customers into this company (their own, unless they see every tenant). */
export function requireCompanyInScope(actor: Actor, companyId: number): void {
  if (seesAllTenants(actor)) return;
  if (actor.kind === 'user' && actor.companyId === companyId) return;
  throw new AppError('not_authorized', 'not allowed to manage customers of another company', undefined, 'errors.admin.customerOtherTenant');
}
