import 'server-only';
import { AppError } from '../errors';
import { isUniqueViolation } from '../domain/validate';

/*
 * Field messages the center's forms translate (admin.companies.errors.*); API clients read the
 * error's code and English message.
 */
export const COMPANY_ERRORS = {
  nameTaken: 'admin.companies.errors.nameTaken',
  providerTaken: 'admin.companies.errors.providerTaken',
  providerInternal: 'admin.companies.errors.providerInternal',
} as const;

/** Maps a write's unique violations to 409s naming the field; anything else is rethrown. */
export function companyWriteError(err: unknown): never {
  if (isUniqueViolation(err, 'company_name_key')) {
    throw new AppError('conflict', 'a company with this name exists', { fields: { name: [COMPANY_ERRORS.nameTaken] } }, 'errors.admin.companyNameTaken');
  }
  if (isUniqueViolation(err, 'company_provider_key')) {
    throw new AppError('conflict', "the provider's own company exists already", { fields: { isProvider: [COMPANY_ERRORS.providerTaken] } }, 'errors.admin.providerTaken');
  }
  throw err;
}

export const providerMustBeInternal = () =>
  new AppError('validation', "the provider's own company is internal", { fields: { type: [COMPANY_ERRORS.providerInternal] } }, 'errors.admin.providerInternal');

export const companyNotFound = () => new AppError('not_found', 'company not found', undefined, 'errors.admin.companyNotFound');
