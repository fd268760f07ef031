import 'server-only';
import { companyCreateInput, type CompanyCreateInput, type CompanyDto } from '@/lib/shared/schemas/company';
import { recordAudit } from '../audit/record-audit';
import { company } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { requireCompanyAdmin } from './company-access';
import { toCompanyDto } from './company-dto';
import { companyWriteError, providerMustBeInternal } from './company-errors';

export async function createCompany(ctx: DomainContext, input: CompanyCreateInput): Promise<CompanyDto> {
  await requireCompanyAdmin(ctx.actor, 'create companies');
  const data = parseInput(companyCreateInput, input);
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
