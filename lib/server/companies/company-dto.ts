import 'server-only';
import type { CompanyDto } from '@/lib/shared/schemas/company';
import type { company } from '../db/schema';

export function toCompanyDto(row: typeof company.$inferSelect): CompanyDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    contactEmail: row.contactEmail,
    phone: row.phone,
    accountingEmail: row.accountingEmail,
    streetAndNumber: row.streetAndNumber,
    town: row.town,
    zip: row.zip,
    country: row.country,
    isProvider: row.isProvider,
    isMaterialsPartner: row.isMaterialsPartner,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
