import type * as endpoints from '@/lib/shared/api/endpoints/admin-customers';
import { callers } from './call';
import { routes } from './routes/admin-customers';

/** The customer center. */
export const customers = callers<typeof endpoints>(routes);
