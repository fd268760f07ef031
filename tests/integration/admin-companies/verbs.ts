// The verbs under test, imported after the fixtures pointed DATABASE_URL at the test database.
export { createCompany } from '@/lib/server/companies/create-company';
export { deleteCompany } from '@/lib/server/companies/delete-company';
export { getCompany } from '@/lib/server/companies/get-company';
export { listCompaniesPage } from '@/lib/server/companies/list-companies-page';
export { updateCompany } from '@/lib/server/companies/update-company';
export { createCustomer } from '@/lib/server/customers/create-customer';
export { deleteCustomer } from '@/lib/server/customers/delete-customer';
export { getCustomer } from '@/lib/server/customers/get-customer';
export { listCustomersPage } from '@/lib/server/customers/list-customers-page';
export { updateCustomer } from '@/lib/server/customers/update-customer';
