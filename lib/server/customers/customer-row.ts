import 'server-only';
import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomerRow } from '@/lib/shared/schemas/customer';
import { company, customer } from '../db/schema';
import { toCustomerDto } from './customer-dto';

/** The parent customer, joined under its own name. */
export const parentCustomer = alias(customer, 'parent_customer');

/** A customer row with its company's and parent's names and what depends on it (counted per row). */
export const customerRowColumns = {
  ...getTableColumns(customer),
  companyName: company.name,
  parentName: parentCustomer.name,
  // Written out with aliased inner tables, so `customer.id` names the outer row.
  subCustomerCount: sql<number>`(select count(*) from customer as sc where sc.parent_id = customer.id)::int`.as('sub_customer_count'),
  missionCount: sql<number>`(select count(*) from mission as m where m.customer_id = customer.id or m.sub_customer_id = customer.id)::int`.as('mission_count'),
};

type Selected = typeof customer.$inferSelect & { companyName: string; parentName: string | null; subCustomerCount: number; missionCount: number };

export function toCustomerRow(row: Selected): CustomerRow {
  return {
    ...toCustomerDto(row),
    companyName: row.companyName,
    parentName: row.parentName,
    subCustomerCount: Number(row.subCustomerCount),
    missionCount: Number(row.missionCount),
  };
}
