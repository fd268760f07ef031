// The verbs under test, imported after the fixtures pointed DATABASE_URL at the test database.
export { createCompanyFromJson } from '@/lib/server/companies/create-company';
export { deleteCompany } from '@/lib/server/companies/delete-company';
export { getCompany } from '@/lib/server/companies/get-company';
export { listCompaniesPageFromJson } from '@/lib/server/companies/list-companies-page';
export { updateCompanyFromJson } from '@/lib/server/companies/update-company';
export { createCustomerFromJson } from '@/lib/server/customers/create-customer';
export { deleteCustomer } from '@/lib/server/customers/delete-customer';
export { getCustomer } from '@/lib/server/customers/get-customer';
export { listCustomersPageFromJson } from '@/lib/server/customers/list-customers-page';
export { updateCustomerFromJson } from '@/lib/server/customers/update-customer';
