import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { updateCompanyInput, type CompanyDto } from '@/lib/shared/schemas/company';
import { recordAudit } from '../audit/record-audit';
import { company } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { versionConflict } from '../errors';
import { changes } from './field-changes';
import { companyScope, requireCompanyCenter } from './company-access';
import { toCompanyDto } from './company-dto';
import { companyNotFound, companyWriteError, providerMustBeInternal } from './company-errors';

/**
 * Replaces every editable field of a company (spec §3). `version` is the one the edit started
 * from: someone else's save in between answers 409 `version_conflict`, never a silent overwrite.
 */
export async function updateCompany(ctx: DomainContext, data: z.output<typeof updateCompanyInput>): Promise<CompanyDto> {
  await requireCompanyCenter(ctx.actor);
  const { id, version, ...fields } = data;
  return inTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(company)
      .where(and(eq(company.id, id), companyScope(ctx.actor)))
      .for('update');
    if (!current) throw companyNotFound();
    if (current.version !== version) throw versionConflict('company');
    if (current.isProvider && fields.type !== 'internal') throw providerMustBeInternal();
    const diff = changes(current, fields);
    if (Object.keys(diff).length === 0) return toCompanyDto(current);
    const row = await tx.db
      .update(company)
      .set({ ...fields, version: current.version + 1, updatedAt: tx.clock.now() })
      .where(eq(company.id, id))
      .returning()
      .then((rows) => rows[0]!)
      .catch(companyWriteError);
    await recordAudit(tx, { entity: 'company', entityId: id, action: 'update', diff });
    return toCompanyDto(row);
  });
}

/** For scripts and tests holding JSON-shaped input. */
export const updateCompanyFromJson = parsedBy(updateCompanyInput, updateCompany);
