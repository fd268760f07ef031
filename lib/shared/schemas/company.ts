import { z } from 'zod';
import { isCountryCode } from '../countries';
import { encodeIssue, issue } from '../validation/issue';
import { email as emailRule } from '../validation/text';
import { check } from '../validation/zod';
import { countrySchema, emailSchema, idSchema, optionalText, requiredText } from './common';

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

/* ── Company center (issue 8): one schema for the form, the API body and the verbs ─────────── */

/** spec §5 'Value is required', as an encoded issue (lib/shared/validation/issue.ts). */
export const REQUIRED = encodeIssue(issue('validation.required'));
/** Not a validation.* key: the center's forms translate it themselves (countries namespace). */
export const UNKNOWN_COUNTRY = 'countries.unknown';

/** Trimmed, non-empty text (spec §5 'Required'). */
export const requiredField = (max: number) => z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max);

/** Optional text: trimmed; empty (or absent, or null) becomes null. */
export const optionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional e-mail with spec §5's rule and message; stored lower-case. */
export const optionalEmailField = () =>
  z
    .string()
    .trim()
    .max(254)
    .superRefine(check(emailRule))
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));

/** An ISO 3166-1 alpha-2 code from COUNTRY_CODES (any case in, upper case out). */
export const countryField = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: REQUIRED });
      else if (!isCountryCode(value)) ctx.addIssue({ code: 'custom', message: UNKNOWN_COUNTRY });
    });

/** An optional country: empty becomes null. */
export const optionalCountryField = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      if (value !== '' && !isCountryCode(value)) ctx.addIssue({ code: 'custom', message: UNKNOWN_COUNTRY });
    })
    .nullish()
    .transform((v) => (v ? v : null));

/** Longest value each text field takes; the form's inputs carry the same `maxLength`. */
export const COMPANY_FIELD_MAX = {
  name: 200,
  contactFirstName: 100,
  contactLastName: 100,
  contactEmail: 254,
  phone: 50,
  accountingEmail: 254,
  streetAndNumber: 200,
  town: 100,
  zip: 20,
} as const;

const companyTypeField = z.enum(COMPANY_TYPES, { error: REQUIRED });

/**
 * Every field of spec §3 Company as the company center edits it. Messages are encoded
 * validation issues (spec §5 'Value is required', 'Value is not a valid email address'), so the
 * form (through its resolver) and a 400 from the server show the same translated text.
 * Empty optional fields become null; parsing the output again gives the same output.
 */
export const companyFields = z.object({
  name: requiredField(COMPANY_FIELD_MAX.name),
  type: companyTypeField,
  contactFirstName: optionalField(COMPANY_FIELD_MAX.contactFirstName),
  contactLastName: optionalField(COMPANY_FIELD_MAX.contactLastName),
  contactEmail: optionalEmailField(),
  phone: optionalField(COMPANY_FIELD_MAX.phone),
  accountingEmail: optionalEmailField(),
  streetAndNumber: optionalField(COMPANY_FIELD_MAX.streetAndNumber),
  town: optionalField(COMPANY_FIELD_MAX.town),
  zip: optionalField(COMPANY_FIELD_MAX.zip),
  country: countryField(),
});
export type CompanyFieldsInput = z.input<typeof companyFields>;
export type CompanyFields = z.output<typeof companyFields>;

/** What `createCompany` parses: the center's fields, with the defaults seeds and imports rely on. */
export const companyCreateInput = companyFields.extend({
  type: companyTypeField.default('customer'),
  country: countryField().default('DE'),
  /** The provider's own company (spec §6 "a fixed company identifier"); at most one. */
  isProvider: z.boolean().default(false),
  /** The building-materials partner (spec §5 mission-name rule). */
  isMaterialsPartner: z.boolean().default(false),
});
export type CompanyCreateInput = z.input<typeof companyCreateInput>;

/** PUT /api/v2/companies/{id}: every editable field, and the version the edit started from. */
export const updateCompanyBody = companyFields.extend({ version: z.number().int().positive() });
export type UpdateCompanyBody = z.input<typeof updateCompanyBody>;
export const updateCompanyInput = updateCompanyBody.extend({ id: idSchema });
export type UpdateCompanyInput = z.input<typeof updateCompanyInput>;

export const companyDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  contactFirstName: z.string().nullable(),
  contactLastName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  accountingEmail: z.string().nullable(),
  streetAndNumber: z.string().nullable(),
  town: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
  isProvider: z.boolean(),
  isMaterialsPartner: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The company center's list: search (name, contact, town, e-mail), sort, page. */
export const COMPANY_SORTS = ['name', 'type', 'town', 'createdAt'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];
export const CENTER_PAGE_SIZE = 25;
export const companyPageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(COMPANY_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CENTER_PAGE_SIZE),
});
export type CompanyPageQuery = z.input<typeof companyPageQuery>;

/** A company with what depends on it (a delete is refused while either count is above 0). */
export const companyRowSchema = companyDtoSchema.extend({ customerCount: z.number().int(), missionCount: z.number().int() });
export type CompanyRow = z.output<typeof companyRowSchema>;
export const companyPageSchema = z.object({
  items: z.array(companyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CompanyPage = z.output<typeof companyPageSchema>;

export const companyIdParams = z.object({ id: z.coerce.number().pipe(idSchema) });
