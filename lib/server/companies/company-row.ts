import 'server-only';
import { getTableColumns, sql } from 'drizzle-orm';
import type { CompanyRow } from '@/lib/shared/schemas/company';
import { company } from '../db/schema';
import { toCompanyDto } from './company-dto';

/** The columns of a company row with what depends on it (counted per row: a page has few rows). */
export const companyRowColumns = {
  ...getTableColumns(company),
  // Written out: drizzle leaves columns unqualified in a single-table select, which would bind them to the subquery's table.
  customerCount: sql<number>`(select count(*) from customer as c where c.company_id = company.id)::int`.as('customer_count'),
  missionCount: sql<number>`(select count(*) from mission as m where m.company_id = company.id)::int`.as('mission_count'),
};

export function toCompanyRow(row: typeof company.$inferSelect & { customerCount: number; missionCount: number }): CompanyRow {
  return { ...toCompanyDto(row), customerCount: Number(row.customerCount), missionCount: Number(row.missionCount) };
}
