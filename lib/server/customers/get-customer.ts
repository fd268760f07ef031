import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { CustomerRow } from '@/lib/shared/schemas/customer';
import { company, customer } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { customerNotFound } from './customer-errors';
import { customerScope, requireCustomerCenter } from './customer-access';
import { customerRowColumns, parentCustomer, toCustomerRow } from './customer-row';

/** One customer of the customer center; 404 outside the actor's scope. */
export async function getCustomer(ctx: DomainContext, { id }: { id: number }): Promise<CustomerRow> {
  await requireCustomerCenter(ctx.actor);
  const [row] = await ctx.db
    .select(customerRowColumns)
    .from(customer)
    .innerJoin(company, eq(company.id, customer.companyId))
    .leftJoin(parentCustomer, eq(parentCustomer.id, customer.parentId))
    .where(and(eq(customer.id, id), customerScope(ctx.actor)));
  if (!row) throw customerNotFound();
  return toCustomerRow(row);
}
