import { z } from 'zod';
import {
  customerDtoSchema,
  customerFields,
  customerIdParams,
  customerPageQuery,
  customerPageSchema,
  customerRowSchema,
  updateCustomerBody,
} from '@/lib/shared/schemas/customer';
import { endpoint } from '../endpoint';

/*
 * The customer center (spec §2 /customer-center): UI.menu.customerCenter; writes also
 * write.customer. The bodies check every rule but the configured name minimum (1 here), which the
 * verbs apply as configured (CUSTOMER_NAME_MIN_LENGTH), with the same message.
 */

export const listCustomerPage = endpoint({
  method: 'GET',
  path: '/api/v2/customers/center',
  summary: 'The customer center list: search, company filter, sort, page with total',
  tag: 'customers',
  query: customerPageQuery,
  response: customerPageSchema,
});

export const createCustomer = endpoint({
  method: 'POST',
  path: '/api/v2/customers',
  summary: 'Creates a customer of a company (which must be given); an empty customerNumber gets the next free one',
  tag: 'customers',
  body: customerFields(1),
  response: customerDtoSchema,
  status: 201,
});

export const getCustomer = endpoint({
  method: 'GET',
  path: '/api/v2/customers/{id}',
  summary: 'One customer with its company and parent names and its dependants',
  tag: 'customers',
  params: customerIdParams,
  response: customerRowSchema,
});

export const updateCustomer = endpoint({
  method: 'PUT',
  path: '/api/v2/customers/{id}',
  summary: 'Replaces the editable fields (not company or number); 409 version_conflict when the version is stale',
  tag: 'customers',
  params: customerIdParams,
  body: updateCustomerBody(1),
  response: customerDtoSchema,
});

export const deleteCustomer = endpoint({
  method: 'DELETE',
  path: '/api/v2/customers/{id}',
  summary: 'Deletes a customer; 409 conflict while missions or sub-customers depend on it',
  tag: 'customers',
  params: customerIdParams,
  response: z.null(),
  status: 204,
});
