import 'server-only';
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../auth/current-user';
import { company, customer } from '../db/schema';
import { db } from '../db/client';

/** The signed-in user with the names of their company and customer, for the profile screen. */
export async function currentProfile({ facts, actor }: CurrentUser) {
  const [companyRow] = actor.companyId === null ? [] : await db().select({ id: company.id, name: company.name }).from(company).where(eq(company.id, actor.companyId));
  const [customerRow] =
    actor.customerId === null
      ? []
      : await db().select({ id: customer.id, customerNumber: customer.customerNumber, name: customer.name }).from(customer).where(eq(customer.id, actor.customerId));
  return { identityId: facts.identityId, email: facts.email, roles: facts.roles, company: companyRow ?? null, customer: customerRow ?? null };
}
