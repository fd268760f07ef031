import type * as endpoints from '@/lib/shared/api/endpoints/admin-companies';
import { callers } from './call';
import { routes } from './routes/admin-companies';

/** The company center. */
export const companies = callers<typeof endpoints>(routes);
