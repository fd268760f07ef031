import type * as endpoints from '@/lib/shared/api/endpoints/admin-roles';
import { callers } from './call';
import { routes } from './routes/admin-roles';

/** The permissions screen's roles. */
export const roles = callers<typeof endpoints>(routes);
