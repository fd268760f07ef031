import * as endpoints from '@/lib/shared/api/endpoints/admin-customers';
import { callers } from './call';

/** The customer center. */
export const customers = callers(endpoints);
