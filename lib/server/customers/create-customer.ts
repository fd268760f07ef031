import 'server-only';
import { eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { customerCreateInput, type CustomerDto, type CustomerFields } from '@/lib/shared/schemas/customer';
import { recordAudit } from '../audit/record-audit';
import { company, customer } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { requireCompanyInScope, requireCustomerWrite } from './customer-access';
import { toCustomerDto } from './customer-dto';
import { CUSTOMER_ERRORS, customerWriteError, invalidField } from './customer-errors';
import { checkCustomerNameLength, customerNameMinLength } from './name-min-length';
import { checkParent } from './parent-rules';

/** The center's fields (what the API takes); seeds and imports may also give the uuid. */
export type NewCustomer = CustomerFields & Pick<z.output<ReturnType<typeof customerCreateInput>>, 'uuid'>;

/**
 * Creates a customer of a company (spec §5: the company comes first; without one the input is
 * refused with 'Value is required' on companyId). An empty customer number (the spec's
 * `customerID`) becomes the next free one.
 */
export async function createCustomer(ctx: DomainContext, data: NewCustomer): Promise<CustomerDto> {
  await requireCustomerWrite(ctx.actor);
  checkCustomerNameLength(data.name);
  requireCompanyInScope(ctx.actor, data.companyId);
  return inTransaction(ctx, async (tx) => {
    const [owner] = await tx.db.select({ id: company.id }).from(company).where(eq(company.id, data.companyId));
    if (!owner) throw invalidField('companyId', CUSTOMER_ERRORS.companyNotFound, 'company not found', 'errors.admin.companyNotFound');
    await checkParent(tx, data.parentId, data.companyId);
    let customerNumber = data.customerNumber;
    if (customerNumber === null) {
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
      .catch(customerWriteError);
    await recordAudit(tx, { entity: 'customer', entityId: row.id, action: 'create', diff: { ...data, customerNumber, uuid: row.uuid } });
    return toCustomerDto(row);
  });
}

/** For the seed, scripts and tests: JSON-shaped input, parsed with the configured name minimum first. */
export const createCustomerFromJson: (ctx: DomainContext, input: z.input<ReturnType<typeof customerCreateInput>>) => Promise<CustomerDto> = (ctx, input) =>
  parsedBy(customerCreateInput(customerNameMinLength()), createCustomer)(ctx, input);
