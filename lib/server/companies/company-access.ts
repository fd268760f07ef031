import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { seesAllTenants, type Actor } from '../auth/actor';
import { requireInternal } from '../auth/guards';
import { requirePermission } from '../auth/require-permission';
import { company } from '../db/schema';

/** spec §6: the flag that shows the company center also opens its API. */
export const requireCompanyCenter = (actor: Actor) => requirePermission(actor, 'UI.menu.companyCenter');

/**
 * Creating and deleting companies changes the tenants themselves: besides the flag, only actors
 * who see every tenant (the system, internal staff) may do it.
 */
export async function requireCompanyAdmin(actor: Actor, action: string): Promise<void> {
  await requireCompanyCenter(actor);
  requireInternal(actor, action);
}

/** Tenant scope: internal users and the system see every company, anyone else only their own. */
export function companyScope(actor: Actor): SQL | undefined {
  if (seesAllTenants(actor)) return undefined;
  return actor.kind === 'user' && actor.companyId !== null ? eq(company.id, actor.companyId) : sql`false`;
}
