import type * as endpoints from '@/lib/shared/api/endpoints/pickers';
import { callers } from './call';
import { routes } from './routes/pickers';

/** The pickers' option lists (companies, customers, users, tags) and creating a tag. */
export const pickers = callers<typeof endpoints>(routes);
