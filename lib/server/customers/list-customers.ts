import 'server-only';
import type { z } from 'zod';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { customerPickerQuery, type CustomerItem } from '@/lib/shared/schemas/pickers';
import { seesAllTenants } from '../auth/actor';
import { company, customer } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Customers for pickers (mission customer, sharing), by name or number: internal users see all,
 * everyone else the customers of their own company.
 */
export async function listCustomers(ctx: DomainContext, q: z.output<typeof customerPickerQuery>): Promise<CustomerItem[]> {
  const { actor } = ctx;
  const scope = seesAllTenants(actor) ? undefined : actor.kind === 'user' && actor.companyId !== null ? eq(customer.companyId, actor.companyId) : sql`false`;
  const search = q.q ? or(sql`${customer.name} ilike ${like(q.q)}`, sql`${customer.customerNumber}::text = ${q.q}`) : undefined;
  return ctx.db
    .select({
      id: customer.id,
      customerNumber: customer.customerNumber,
      name: customer.name,
      companyId: customer.companyId,
      companyName: company.name,
      parentId: customer.parentId,
      accountType: customer.accountType,
    })
    .from(customer)
    .innerJoin(company, eq(company.id, customer.companyId))
    .where(and(scope, q.companyId ? eq(customer.companyId, q.companyId) : undefined, search))
    .orderBy(asc(sql`lower(${customer.name})`), asc(customer.id))
    .limit(q.limit);
}

/** For tests and scripts holding JSON-shaped or partial input: parsed, with its defaults, first. */
export const listCustomersFromJson = parsedBy(customerPickerQuery, listCustomers);
