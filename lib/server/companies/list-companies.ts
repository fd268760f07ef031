import 'server-only';
import type { z } from 'zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { companyPickerQuery, type CompanyItem } from '@/lib/shared/schemas/pickers';
import { seesAllTenants } from '../auth/actor';
import { company } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Companies for pickers, by name: internal users see all, everyone else only their own company. */
export async function listCompanies(ctx: DomainContext, q: z.output<typeof companyPickerQuery>): Promise<CompanyItem[]> {
  const { actor } = ctx;
  const scope = seesAllTenants(actor) ? undefined : actor.kind === 'user' && actor.companyId !== null ? eq(company.id, actor.companyId) : sql`false`;
  return ctx.db
    .select({ id: company.id, name: company.name, type: company.type, isProvider: company.isProvider, isMaterialsPartner: company.isMaterialsPartner })
    .from(company)
    .where(and(scope, q.q ? sql`${company.name} ilike ${like(q.q)}` : undefined))
    .orderBy(asc(sql`lower(${company.name})`))
    .limit(q.limit);
}

/** For tests and scripts holding JSON-shaped or partial input: parsed, with its defaults, first. */
export const listCompaniesFromJson = parsedBy(companyPickerQuery, listCompanies);
