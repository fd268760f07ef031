import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { updateCustomerInput, type CustomerDto } from '@/lib/shared/schemas/customer';
import { recordAudit } from '../audit/record-audit';
import { changes } from '../companies/field-changes';
import { customer } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { versionConflict } from '../errors';
import { customerScope, requireCustomerWrite } from './customer-access';
import { toCustomerDto } from './customer-dto';
import { customerNotFound, customerWriteError } from './customer-errors';
import { checkCustomerNameLength, customerNameMinLength } from './name-min-length';
import { checkParent } from './parent-rules';

/**
 * Replaces the editable fields of a customer (company and customer number stay). `version` is
 * the one the edit started from: a save by someone else in between answers 409 `version_conflict`.
 */
export async function updateCustomer(ctx: DomainContext, data: z.output<ReturnType<typeof updateCustomerInput>>): Promise<CustomerDto> {
  await requireCustomerWrite(ctx.actor);
  checkCustomerNameLength(data.name);
  const { id, version, ...fields } = data;
  return inTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(customer)
      .where(and(eq(customer.id, id), customerScope(ctx.actor)))
      .for('update');
    if (!current) throw customerNotFound();
    if (current.version !== version) throw versionConflict('customer');
    if (fields.parentId !== current.parentId) await checkParent(tx, fields.parentId, current.companyId, id);
    const diff = changes(current, fields);
    if (Object.keys(diff).length === 0) return toCustomerDto(current);
    const row = await tx.db
      .update(customer)
      .set({ ...fields, version: current.version + 1, updatedAt: tx.clock.now() })
      .where(eq(customer.id, id))
      .returning()
      .then((rows) => rows[0]!)
      .catch(customerWriteError);
    await recordAudit(tx, { entity: 'customer', entityId: id, action: 'update', diff });
    return toCustomerDto(row);
  });
}

/** For scripts and tests holding JSON-shaped input: parsed with the configured name minimum first. */
export const updateCustomerFromJson: (ctx: DomainContext, input: z.input<ReturnType<typeof updateCustomerInput>>) => Promise<CustomerDto> = (ctx, input) =>
  parsedBy(updateCustomerInput(customerNameMinLength()), updateCustomer)(ctx, input);
