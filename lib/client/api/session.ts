import * as endpoints from '@/lib/shared/api/endpoints/auth';
import { callers } from './call';

/** The signed-in user: permissions and profile. */
export const session = callers(endpoints);
