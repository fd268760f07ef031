import 'server-only';
import { effectiveNameMinLength } from '@/lib/shared/schemas/customer';
import { encodeIssue } from '@/lib/shared/validation/issue';
import { minLength } from '@/lib/shared/validation/text';
import { env } from '../env';
import { AppError } from '../errors';

/** spec §5: the configured minimum length of a customer name (CUSTOMER_NAME_MIN_LENGTH, default 3). */
export const customerNameMinLength = (): number => env().CUSTOMER_NAME_MIN_LENGTH;

/**
 * The one rule the API's schema cannot check (it is configured, the endpoint's schema is static):
 * the name's configured minimum, with the message the form's schema gives.
 */
export function checkCustomerNameLength(name: string): void {
  const found = minLength(effectiveNameMinLength(customerNameMinLength()))(name);
  if (found) throw new AppError('validation', 'invalid input', { fields: { name: [encodeIssue(found)] } });
}
