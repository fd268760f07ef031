import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { CompanyRow } from '@/lib/shared/schemas/company';
import { company } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { companyNotFound } from './company-errors';
import { companyScope, requireCompanyCenter } from './company-access';
import { companyRowColumns, toCompanyRow } from './company-row';

/** One company of the company center, with its dependants' counts; 404 outside the actor's scope. */
export async function getCompany(ctx: DomainContext, { id }: { id: number }): Promise<CompanyRow> {
  await requireCompanyCenter(ctx.actor);
  const [row] = await ctx.db
    .select(companyRowColumns)
    .from(company)
    .where(and(eq(company.id, id), companyScope(ctx.actor)));
  if (!row) throw companyNotFound();
  return toCompanyRow(row);
}
