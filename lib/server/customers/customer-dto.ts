import 'server-only';
import type { CustomerDto } from '@/lib/shared/schemas/customer';
import type { customer } from '../db/schema';

export function toCustomerDto(row: typeof customer.$inferSelect): CustomerDto {
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    uuid: row.uuid,
    name: row.name,
    companyId: row.companyId,
    accountType: row.accountType,
    parentId: row.parentId,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    contactEmail: row.contactEmail,
    phone: row.phone,
    streetAndNumber: row.streetAndNumber,
    town: row.town,
    zip: row.zip,
    country: row.country,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
