import { z } from 'zod';
import { countrySchema, emailSchema, optionalText, requiredText } from './common';

/**
 * Company type (spec §3 lists the field, not its values): customers order missions, partners
 * deliver (e.g. the building-materials partner) and the provider itself is internal.
 */
export const COMPANY_TYPES = ['customer', 'partner', 'internal'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const createCompanyInput = z.object({
  name: requiredText(200),
  type: z.enum(COMPANY_TYPES).default('customer'),
  contactFirstName: optionalText(100),
  contactLastName: optionalText(100),
  contactEmail: emailSchema.optional(),
  phone: optionalText(50),
  accountingEmail: emailSchema.optional(),
  streetAndNumber: optionalText(200),
  town: optionalText(100),
  zip: optionalText(20),
  country: countrySchema.default('DE'),
  /** The provider's own company (spec §6 "a fixed company identifier"); at most one. */
  isProvider: z.boolean().default(false),
  /** The building-materials partner (spec §5 mission-name rule). */
  isMaterialsPartner: z.boolean().default(false),
});
export type CreateCompanyInput = z.input<typeof createCompanyInput>;

export interface CompanyDto {
  id: number;
  name: string;
  type: CompanyType;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactEmail: string | null;
  phone: string | null;
  accountingEmail: string | null;
  streetAndNumber: string | null;
  town: string | null;
  zip: string | null;
  country: string;
  isProvider: boolean;
  isMaterialsPartner: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
