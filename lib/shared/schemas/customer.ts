import { z } from 'zod';
import { countrySchema, emailSchema, idSchema, optionalText } from './common';

/** Customer account type (spec §3 lists the field, not its values). */
export const CUSTOMER_ACCOUNT_TYPES = ['business', 'private', 'public_sector'] as const;
export type CustomerAccountType = (typeof CUSTOMER_ACCOUNT_TYPES)[number];

/**
 * Minimum length of a customer name. Spec §5 says it is configurable without giving the value;
 * this is the default the customer center (issue 8) makes configurable.
 */
export const CUSTOMER_NAME_MIN_LENGTH = 3;

export const createCustomerInput = z.object({
  name: z.string().trim().min(CUSTOMER_NAME_MIN_LENGTH).max(200),
  /** spec §5: a company must be selected before a new customer is created. */
  companyId: idSchema,
  accountType: z.enum(CUSTOMER_ACCOUNT_TYPES).default('business'),
  /** The spec's `customerID`; the next free number when omitted. */
  customerNumber: z.number().int().positive().optional(),
  /** The spec's `customer_uuid`; generated when omitted (given by imports and the demo data). */
  uuid: z.uuid().optional(),
  /** Set for a sub-customer: its parent customer, of the same company. */
  parentId: idSchema.optional(),
  contactFirstName: optionalText(100),
  contactLastName: optionalText(100),
  contactEmail: emailSchema.optional(),
  phone: optionalText(50),
  streetAndNumber: optionalText(200),
  town: optionalText(100),
  zip: optionalText(20),
  country: countrySchema.optional(),
});
export type CreateCustomerInput = z.input<typeof createCustomerInput>;

export interface CustomerDto {
  id: number;
  customerNumber: number;
  uuid: string;
  name: string;
  companyId: number;
  accountType: CustomerAccountType;
  parentId: number | null;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactEmail: string | null;
  phone: string | null;
  streetAndNumber: string | null;
  town: string | null;
  zip: string | null;
  country: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}
