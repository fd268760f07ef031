import 'server-only';
import { AppError } from '../errors';
import { isUniqueViolation } from '../domain/validate';

/* Field messages the customer form translates (admin.customers.errors.*). */
export const CUSTOMER_ERRORS = {
  companyNotFound: 'admin.customers.errors.companyNotFound',
  parentNotFound: 'admin.customers.errors.parentNotFound',
  parentOtherCompany: 'admin.customers.errors.parentOtherCompany',
  parentIsSubCustomer: 'admin.customers.errors.parentIsSubCustomer',
  parentSelf: 'admin.customers.errors.parentSelf',
  hasSubCustomers: 'admin.customers.errors.hasSubCustomers',
  numberTaken: 'admin.customers.errors.numberTaken',
} as const;

/** A field's rule broken: `message` is the field's key (the form's text), `key` the error's (the API text). */
export const invalidField = (field: string, message: string, text: string, key: string) =>
  new AppError('validation', text, { fields: { [field]: [message] } }, key);

export const customerNotFound = () => new AppError('not_found', 'customer not found', undefined, 'errors.admin.customerNotFound');

export function customerWriteError(err: unknown): never {
  if (isUniqueViolation(err, 'customer_number_key')) {
    throw new AppError('conflict', 'this customer number is taken', { fields: { customerNumber: [CUSTOMER_ERRORS.numberTaken] } }, 'errors.admin.customerNumberTaken');
  }
  if (isUniqueViolation(err, 'customer_uuid_key')) {
    throw new AppError('conflict', 'this customer uuid is taken', { fields: { uuid: ['errors.admin.alreadyExists'] } }, 'errors.admin.customerUuidTaken');
  }
  throw err;
}
