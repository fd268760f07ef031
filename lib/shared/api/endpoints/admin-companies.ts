import { z } from 'zod';
import { companyDtoSchema, companyFields, companyIdParams, companyPageQuery, companyPageSchema, companyRowSchema, updateCompanyBody } from '@/lib/shared/schemas/company';
import { endpoint } from '../endpoint';

/* The company center (spec §2 /company-center). Every call needs the UI.menu.companyCenter flag. */

export const listCompanyPage = endpoint({
  method: 'GET',
  path: '/api/v2/companies/center',
  summary: 'The company center list: search, sort (name, type, town, createdAt), page with total',
  tag: 'companies',
  query: companyPageQuery,
  response: companyPageSchema,
});

export const createCompany = endpoint({
  method: 'POST',
  path: '/api/v2/companies',
  summary: 'Creates a company (internal users); 409 when the name exists',
  tag: 'companies',
  body: companyFields,
  response: companyDtoSchema,
  status: 201,
});

export const getCompany = endpoint({
  method: 'GET',
  path: '/api/v2/companies/{id}',
  summary: 'One company with the number of customers and missions that depend on it',
  tag: 'companies',
  params: companyIdParams,
  response: companyRowSchema,
});

export const updateCompany = endpoint({
  method: 'PUT',
  path: '/api/v2/companies/{id}',
  summary: 'Replaces every editable field; 409 version_conflict when the version is stale',
  tag: 'companies',
  params: companyIdParams,
  body: updateCompanyBody,
  response: companyDtoSchema,
});

export const deleteCompany = endpoint({
  method: 'DELETE',
  path: '/api/v2/companies/{id}',
  summary: "Deletes a company (internal users); 409 conflict for the provider's own company and while missions or customers depend on it",
  tag: 'companies',
  params: companyIdParams,
  response: z.null(),
  status: 204,
});
