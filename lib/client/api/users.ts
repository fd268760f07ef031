import * as endpoints from '@/lib/shared/api/endpoints/admin-users';
import { callers } from './call';

/** The user center. */
export const users = callers(endpoints);
