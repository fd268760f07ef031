import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMPANY_TYPES } from '../../../shared/schemas/company';
import { CUSTOMER_ACCOUNT_TYPES } from '../../../shared/schemas/customer';
import { mutable } from './columns';

export const companyType = pgEnum('company_type', COMPANY_TYPES);
export const customerAccountType = pgEnum('customer_account_type', CUSTOMER_ACCOUNT_TYPES);

/** spec §3 Company. */
export const company = pgTable(
  'company',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    type: companyType().notNull().default('customer'),
    contactFirstName: text(),
    contactLastName: text(),
    contactEmail: text(),
    phone: text(),
    accountingEmail: text(),
    streetAndNumber: text(),
    town: text(),
    zip: text(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull().default('DE'),
    /** The provider's own company: replaces spec §6's "fixed company identifier". */
    isProvider: boolean().notNull().default(false),
    /** The building-materials partner: its mission names follow spec §5's lowercase rule. */
    isMaterialsPartner: boolean().notNull().default(false),
    ...mutable,
  },
  (t) => [
    uniqueIndex('company_name_key').on(sql`lower(${t.name})`),
    // At most one provider company.
    uniqueIndex('company_provider_key').on(t.isProvider).where(sql`${t.isProvider}`),
    check('company_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('company_country_iso', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('company_provider_is_internal', sql`not ${t.isProvider} or ${t.type} = 'internal'`),
  ],
);

/** spec §3 Customer; `parentId` makes a sub-customer. */
export const customer = pgTable(
  'customer',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The spec's `customerID` (session metadata_public.customerID; map view for 6, 14, 20, 30, 36, 37). */
    customerNumber: integer().notNull(),
    /** The spec's `customer_uuid` (session metadata_public). */
    uuid: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    companyId: bigint({ mode: 'number' })
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    accountType: customerAccountType().notNull().default('business'),
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => customer.id, { onDelete: 'restrict' }),
    contactFirstName: text(),
    contactLastName: text(),
    contactEmail: text(),
    phone: text(),
    streetAndNumber: text(),
    town: text(),
    zip: text(),
    country: text(),
    ...mutable,
  },
  (t) => [
    uniqueIndex('customer_number_key').on(t.customerNumber),
    uniqueIndex('customer_uuid_key').on(t.uuid),
    index('customer_company_idx').on(t.companyId),
    index('customer_parent_idx').on(t.parentId),
    check('customer_number_positive', sql`${t.customerNumber} > 0`),
    check('customer_not_own_parent', sql`${t.parentId} <> ${t.id}`),
    check('customer_name_not_blank', sql`btrim(${t.name}) <> ''`),
  ],
);
