import 'server-only';
import { eq, max, sql } from 'drizzle-orm';
import { createCustomerInput, type CreateCustomerInput, type CustomerDto } from '@/lib/shared/schemas/customer';
import { recordAudit } from '../audit/record-audit';
import { requireInternal } from '../auth/guards';
import { company, customer } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parseInput } from '../domain/validate';
import { AppError } from '../errors';
import { toCustomerDto } from './customer-dto';

const invalid = (field: string, message: string) => new AppError('validation_failed', 'invalid input', { fields: { [field]: [message] } });

export async function createCustomer(ctx: DomainContext, input: CreateCustomerInput): Promise<CustomerDto> {
  // Issue 8 narrows this to the write.customer permission.
  requireInternal(ctx.actor, 'create customers');
  const data = parseInput(createCustomerInput, input);
  return inTransaction(ctx, async (tx) => {
    const [owner] = await tx.db.select({ id: company.id }).from(company).where(eq(company.id, data.companyId));
    if (!owner) throw invalid('companyId', 'company not found');
    if (data.parentId !== undefined) {
      const [parent] = await tx.db.select({ companyId: customer.companyId }).from(customer).where(eq(customer.id, data.parentId));
      if (!parent) throw invalid('parentId', 'customer not found');
      if (parent.companyId !== data.companyId) throw invalid('parentId', 'a sub-customer belongs to the same company as its parent');
    }
    let customerNumber = data.customerNumber;
    if (customerNumber === undefined) {
      // Serialise number assignment so two creations never pick the same next number.
      await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('argus.customer_number'))`);
      const [{ highest } = { highest: null }] = await tx.db.select({ highest: max(customer.customerNumber) }).from(customer);
      customerNumber = (highest ?? 0) + 1;
    }
    const row = await tx.db
      .insert(customer)
      .values({ ...data, customerNumber })
      .returning()
      .then((rows) => rows[0]!)
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'customer_number_key')) {
          throw new AppError('conflict', 'this customer number is taken', { fields: { customerNumber: ['already exists'] } });
        }
        if (isUniqueViolation(err, 'customer_uuid_key')) {
          throw new AppError('conflict', 'this customer uuid is taken', { fields: { uuid: ['already exists'] } });
        }
        throw err;
      });
    await recordAudit(tx, { entity: 'customer', entityId: row.id, action: 'create', diff: { ...data, customerNumber, uuid: row.uuid } });
    return toCustomerDto(row);
  });
}
