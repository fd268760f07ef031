import type * as endpoints from '@/lib/shared/api/endpoints/admin-users';
import { callers } from './call';
import { routes } from './routes/admin-users';

/** The user center. */
export const users = callers<typeof endpoints>(routes);
