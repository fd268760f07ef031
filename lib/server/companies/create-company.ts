import 'server-only';
import { createCompanyInput, type CompanyDto, type CreateCompanyInput } from '@/lib/shared/schemas/company';
import { recordAudit } from '../audit/record-audit';
import { requireInternal } from '../auth/guards';
import { company } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parseInput } from '../domain/validate';
import { AppError } from '../errors';
import { toCompanyDto } from './company-dto';

export async function createCompany(ctx: DomainContext, input: CreateCompanyInput): Promise<CompanyDto> {
  requireInternal(ctx.actor, 'create companies');
  const data = parseInput(createCompanyInput, input);
  if (data.isProvider && data.type !== 'internal') {
    throw new AppError('validation_failed', 'invalid input', { fields: { type: ["the provider's own company is internal"] } });
  }
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insert(company)
      .values(data)
      .returning()
      .then((rows) => rows[0]!)
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'company_name_key')) {
          throw new AppError('conflict', 'a company with this name exists', { fields: { name: ['already exists'] } });
        }
        if (isUniqueViolation(err, 'company_provider_key')) {
          throw new AppError('conflict', "the provider's own company exists already", { fields: { isProvider: ['already set'] } });
        }
        throw err;
      });
    await recordAudit(tx, { entity: 'company', entityId: row.id, action: 'create', diff: data });
    return toCompanyDto(row);
  });
}
