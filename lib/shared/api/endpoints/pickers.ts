import { createTagInput } from '@/lib/shared/schemas/tag';
import {
  companyItemSchema,
  companyPickerQuery,
  customerItemSchema,
  customerPickerQuery,
  listOf,
  tagItemSchema,
  tagPickerQuery,
  userItemSchema,
  userPickerQuery,
} from '@/lib/shared/schemas/pickers';
import { endpoint } from '../endpoint';

export const listCompanies = endpoint({
  method: 'GET',
  path: '/api/v2/companies',
  summary: 'Companies for pickers: all for internal users, otherwise the own company',
  tag: 'pickers',
  query: companyPickerQuery,
  response: listOf(companyItemSchema),
});

export const listCustomers = endpoint({
  method: 'GET',
  path: '/api/v2/customers',
  summary: "Customers for pickers (by name or customer number): all for internal users, otherwise the own company's",
  tag: 'pickers',
  query: customerPickerQuery,
  response: listOf(customerItemSchema),
});

export const listUsers = endpoint({
  method: 'GET',
  path: '/api/v2/users',
  summary: "Users for the assignee and owner pickers: all for internal users, otherwise the own company's",
  tag: 'pickers',
  query: userPickerQuery,
  response: listOf(userItemSchema),
});

export const listTags = endpoint({
  method: 'GET',
  path: '/api/v2/tags',
  summary: 'Every tag, by name',
  tag: 'pickers',
  query: tagPickerQuery,
  response: listOf(tagItemSchema),
});

export const createTag = endpoint({
  method: 'POST',
  path: '/api/v2/tags',
  summary: 'Creates a tag (internal users); 409 when the name exists',
  tag: 'pickers',
  body: createTagInput,
  response: tagItemSchema,
  status: 201,
});
