import type * as endpoints from '@/lib/shared/api/endpoints/auth';
import { callers } from './call';
import { routes } from './routes/auth';

/** The signed-in user: permissions and profile. */
export const session = callers<typeof endpoints>(routes);
