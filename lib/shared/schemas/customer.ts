import { z } from 'zod';
import { minLength } from '../validation/text';
import { check } from '../validation/zod';
import { countrySchema, emailSchema, idSchema, optionalText } from './common';
import { optionalCountryField, optionalEmailField, optionalField, REQUIRED } from './company';

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

/* ── Customer center (issue 8): one schema for the form, the API body and the verbs ────────── */

/** Longest value each text field takes; the form's inputs carry the same `maxLength`. */
export const CUSTOMER_FIELD_MAX = {
  name: 200,
  contactFirstName: 100,
  contactLastName: 100,
  contactEmail: 254,
  phone: 50,
  streetAndNumber: 200,
  town: 100,
  zip: 20,
} as const;

/** Not a validation.* key: the customer form translates it itself. */
export const INVALID_CUSTOMER_NUMBER = 'admin.customers.errors.customerNumber';
/** The largest customer number (the column is a PostgreSQL integer). */
export const CUSTOMER_NUMBER_MAX = 2_147_483_647;

/** spec §5: the configured minimum length ('This field should be at least {min} characters long'). */
const customerName = (nameMinLength: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(CUSTOMER_FIELD_MAX.name)
    .superRefine(check(minLength(nameMinLength)));

/** The minimum length as configured, never below 1: a name is required whatever the setting. */
export const effectiveNameMinLength = (configured: number) => Math.max(1, Math.floor(configured));

/**
 * Every field of spec §3 Customer as the customer center edits it; `nameMinLength` is the
 * configured minimum (CUSTOMER_NAME_MIN_LENGTH). spec §5: a company must be selected first, so
 * `companyId` is required ('Value is required'). An empty customer number means "the next free one".
 */
export const customerFields = (nameMinLength: number = CUSTOMER_NAME_MIN_LENGTH) =>
  z.object({
    name: customerName(effectiveNameMinLength(nameMinLength)),
    companyId: z.number({ error: REQUIRED }).int().positive({ error: REQUIRED }),
    accountType: z.enum(CUSTOMER_ACCOUNT_TYPES, { error: REQUIRED }),
    customerNumber: z
      .number({ error: INVALID_CUSTOMER_NUMBER })
      .int({ error: INVALID_CUSTOMER_NUMBER })
      .positive({ error: INVALID_CUSTOMER_NUMBER })
      .max(CUSTOMER_NUMBER_MAX, { error: INVALID_CUSTOMER_NUMBER })
      .nullish()
      .transform((v) => v ?? null),
    /** A sub-customer's parent: a top-level customer of the same company. */
    parentId: idSchema.nullish().transform((v) => v ?? null),
    contactFirstName: optionalField(CUSTOMER_FIELD_MAX.contactFirstName),
    contactLastName: optionalField(CUSTOMER_FIELD_MAX.contactLastName),
    contactEmail: optionalEmailField(),
    phone: optionalField(CUSTOMER_FIELD_MAX.phone),
    streetAndNumber: optionalField(CUSTOMER_FIELD_MAX.streetAndNumber),
    town: optionalField(CUSTOMER_FIELD_MAX.town),
    zip: optionalField(CUSTOMER_FIELD_MAX.zip),
    country: optionalCountryField(),
  });
export type CustomerFieldsInput = z.input<ReturnType<typeof customerFields>>;
export type CustomerFields = z.output<ReturnType<typeof customerFields>>;

/** What `createCustomer` parses: the center's fields plus what seeds and imports may set. */
export const customerCreateInput = (nameMinLength?: number) =>
  customerFields(nameMinLength).extend({
    accountType: z.enum(CUSTOMER_ACCOUNT_TYPES, { error: REQUIRED }).default('business'),
    /** The spec's `customer_uuid`; generated when omitted (given by imports and the demo data). */
    uuid: z.uuid().optional(),
  });
export type CustomerCreateInput = z.input<ReturnType<typeof customerCreateInput>>;

/**
 * What an edit may change: everything but the company and the customer number (users' sessions
 * carry that number as their customerID, so it stays as assigned).
 */
export const customerEditFields = (nameMinLength?: number) => customerFields(nameMinLength).omit({ companyId: true, customerNumber: true });
export type CustomerEditFieldsInput = z.input<ReturnType<typeof customerEditFields>>;

/** PUT /api/v2/customers/{id}: every editable field and the version the edit started from. */
export const updateCustomerBody = (nameMinLength?: number) => customerEditFields(nameMinLength).extend({ version: z.number().int().positive() });
export type UpdateCustomerBody = z.input<ReturnType<typeof updateCustomerBody>>;
export const updateCustomerInput = (nameMinLength?: number) => updateCustomerBody(nameMinLength).extend({ id: idSchema });
export type UpdateCustomerInput = z.input<ReturnType<typeof updateCustomerInput>>;

export const customerDtoSchema = z.object({
  id: z.number().int(),
  customerNumber: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  companyId: z.number().int(),
  accountType: z.enum(CUSTOMER_ACCOUNT_TYPES),
  parentId: z.number().int().nullable(),
  contactFirstName: z.string().nullable(),
  contactLastName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  streetAndNumber: z.string().nullable(),
  town: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The customer center's list: search (name, number, company, contact), company filter, sort, page. */
export const CUSTOMER_SORTS = ['customerNumber', 'name', 'company', 'accountType', 'createdAt'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const customerPageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  companyId: z.coerce.number().pipe(idSchema).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerPageQuery = z.input<typeof customerPageQuery>;

/** A customer with its company's and parent's names and what depends on it. */
export const customerRowSchema = customerDtoSchema.extend({
  companyName: z.string(),
  parentName: z.string().nullable(),
  subCustomerCount: z.number().int(),
  missionCount: z.number().int(),
});
export type CustomerRow = z.output<typeof customerRowSchema>;
export const customerPageSchema = z.object({
  items: z.array(customerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomerPage = z.output<typeof customerPageSchema>;

export const customerIdParams = z.object({ id: z.coerce.number().pipe(idSchema) });

