import 'server-only';
import type { z } from 'zod';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { customerPageQuery, type CustomerPage, type CustomerSort } from '@/lib/shared/schemas/customer';
import { company, customer } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { customerScope, requireCustomerCenter } from './customer-access';
import { customerRowColumns, parentCustomer, toCustomerRow } from './customer-row';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_KEYS: Record<CustomerSort, SQL> = {
  customerNumber: sql`${customer.customerNumber}`,
  name: sql`lower(${customer.name})`,
  company: sql`lower(${company.name})`,
  accountType: sql`${customer.accountType}`,
  createdAt: sql`${customer.createdAt}`,
};

/**
 * The customer center's list (the pickers use `listCustomers`): a search over name, customer
 * number, company and contact; an optional company filter; sorted; one page with the total.
 */
export async function listCustomersPage(ctx: DomainContext, q: z.output<typeof customerPageQuery>): Promise<CustomerPage> {
  await requireCustomerCenter(ctx.actor);
  const text = q.q ? like(q.q) : null;
  const where = and(
    customerScope(ctx.actor),
    q.companyId ? eq(customer.companyId, q.companyId) : undefined,
    text
      ? or(
          ilike(customer.name, text),
          sql`${customer.customerNumber}::text = ${q.q}`,
          ilike(company.name, text),
          ilike(customer.contactFirstName, text),
          ilike(customer.contactLastName, text),
          ilike(customer.contactEmail, text),
          ilike(customer.town, text),
        )
      : undefined,
  );
  const direction = q.order === 'desc' ? desc : asc;
  const order = [direction(SORT_KEYS[q.sort]), asc(sql`lower(${customer.name})`), asc(customer.id)];
  const [totals, rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(customer).innerJoin(company, eq(company.id, customer.companyId)).where(where),
    ctx.db
      .select(customerRowColumns)
      .from(customer)
      .innerJoin(company, eq(company.id, customer.companyId))
      .leftJoin(parentCustomer, eq(parentCustomer.id, customer.parentId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { items: rows.map(toCustomerRow), total: totals[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

/** For tests and scripts holding JSON-shaped or partial input: parsed, with its defaults, first. */
export const listCustomersPageFromJson = parsedBy(customerPageQuery, listCustomersPage);
