import { z } from 'zod';
import { idSchema } from './common';
import { COMPANY_TYPES } from './company';
import { CUSTOMER_ACCOUNT_TYPES } from './customer';

/* Readers for pickers (company, customer, assignee, tag): short rows, scoped to what the actor may see. */

const search = z.string().trim().max(100).optional();
const limit = z.coerce.number().int().min(1).max(500).default(100);

export const companyPickerQuery = z.object({ q: search, limit });
export type CompanyPickerQuery = z.input<typeof companyPickerQuery>;
export const companyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  isProvider: z.boolean(),
  isMaterialsPartner: z.boolean(),
});
export type CompanyItem = z.output<typeof companyItemSchema>;

export const customerPickerQuery = z.object({ q: search, companyId: z.coerce.number().pipe(idSchema).optional(), limit });
export type CustomerPickerQuery = z.input<typeof customerPickerQuery>;
export const customerItemSchema = z.object({
  id: z.number().int(),
  customerNumber: z.number().int(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  parentId: z.number().int().nullable(),
  accountType: z.enum(CUSTOMER_ACCOUNT_TYPES),
});
export type CustomerItem = z.output<typeof customerItemSchema>;

export const userPickerQuery = z.object({ q: search, companyId: z.coerce.number().pipe(idSchema).optional(), limit });
export type UserPickerQuery = z.input<typeof userPickerQuery>;
export const userItemSchema = z.object({
  identityId: z.string(),
  displayName: z.string(),
  email: z.string(),
  companyId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
});
export type UserItem = z.output<typeof userItemSchema>;

export const tagItemSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable(), version: z.number().int() });
export const tagPickerQuery = z.object({ q: search, limit });
export type TagPickerQuery = z.input<typeof tagPickerQuery>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
