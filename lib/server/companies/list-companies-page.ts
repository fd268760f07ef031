import 'server-only';
import type { z } from 'zod';
import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { companyPageQuery, type CompanyPage, type CompanySort } from '@/lib/shared/schemas/company';
import { company } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { companyScope, requireCompanyCenter } from './company-access';
import { companyRowColumns, toCompanyRow } from './company-row';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_KEYS: Record<CompanySort, SQL> = {
  name: sql`lower(${company.name})`,
  type: sql`${company.type}`,
  town: sql`lower(${company.town})`,
  createdAt: sql`${company.createdAt}`,
};

/**
 * The company center's list (the pickers use `listCompanies`): a search over name, contact,
 * e-mails, town and zip; sorted by name, type, town or creation; one page with the total.
 */
export async function listCompaniesPage(ctx: DomainContext, q: z.output<typeof companyPageQuery>): Promise<CompanyPage> {
  await requireCompanyCenter(ctx.actor);
  const text = q.q ? like(q.q) : null;
  const where = and(
    companyScope(ctx.actor),
    text
      ? or(
          ilike(company.name, text),
          ilike(company.contactFirstName, text),
          ilike(company.contactLastName, text),
          ilike(company.contactEmail, text),
          ilike(company.accountingEmail, text),
          ilike(company.town, text),
          ilike(company.zip, text),
        )
      : undefined,
  );
  const direction = q.order === 'desc' ? desc : asc;
  // Rows without a town sort last either way; name and id keep equal keys in a stable order across pages.
  const order = [q.sort === 'town' ? sql`${company.town} is null` : undefined, direction(SORT_KEYS[q.sort]), asc(sql`lower(${company.name})`), asc(company.id)].filter(
    (o): o is SQL => o !== undefined,
  );
  const [totals, rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(company).where(where),
    ctx.db
      .select(companyRowColumns)
      .from(company)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { items: rows.map(toCompanyRow), total: totals[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

/** For tests and scripts holding JSON-shaped or partial input: parsed, with its defaults, first. */
export const listCompaniesPageFromJson = parsedBy(companyPageQuery, listCompaniesPage);
