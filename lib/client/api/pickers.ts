import * as endpoints from '@/lib/shared/api/endpoints/pickers';
import { callers } from './call';

/** The pickers' option lists (companies, customers, users, tags) and creating a tag. */
export const pickers = callers(endpoints);
