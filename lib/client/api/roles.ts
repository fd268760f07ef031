import * as endpoints from '@/lib/shared/api/endpoints/admin-roles';
import { callers } from './call';

/** The permissions screen's roles. */
export const roles = callers(endpoints);
