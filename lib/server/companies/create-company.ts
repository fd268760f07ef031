import 'server-only';
import type { z } from 'zod';
import { companyCreateInput, type CompanyDto, type CompanyFields } from '@/lib/shared/schemas/company';
import { recordAudit } from '../audit/record-audit';
import { company } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { requireCompanyAdmin } from './company-access';
import { toCompanyDto } from './company-dto';
import { companyWriteError, providerMustBeInternal } from './company-errors';

/** The center's fields (what the API takes); seeds and imports may also mark the provider or the materials partner. */
export type NewCompany = CompanyFields & Partial<Pick<z.output<typeof companyCreateInput>, 'isProvider' | 'isMaterialsPartner'>>;

export async function createCompany(ctx: DomainContext, input: NewCompany): Promise<CompanyDto> {
  await requireCompanyAdmin(ctx.actor, 'create companies');
  const data = { ...input, isProvider: input.isProvider ?? false, isMaterialsPartner: input.isMaterialsPartner ?? false };
  if (data.isProvider && data.type !== 'internal') throw providerMustBeInternal();
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insert(company)
      .values(data)
      .returning()
      .then((rows) => rows[0]!)
      .catch(companyWriteError);
    await recordAudit(tx, { entity: 'company', entityId: row.id, action: 'create', diff: data });
    return toCompanyDto(row);
  });
}

/** For the seed, scripts and tests: JSON-shaped input, parsed (with its defaults) first. */
export const createCompanyFromJson = parsedBy(companyCreateInput, createCompany);
