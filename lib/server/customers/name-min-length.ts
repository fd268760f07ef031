import 'server-only';
import { env } from '../env';

/** spec §5: the configured minimum length of a customer name (CUSTOMER_NAME_MIN_LENGTH, default 3). */
export const customerNameMinLength = (): number => env().CUSTOMER_NAME_MIN_LENGTH;
