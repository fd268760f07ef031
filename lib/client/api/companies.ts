import * as endpoints from '@/lib/shared/api/endpoints/admin-companies';
import { callers } from './call';

/** The company center. */
export const companies = callers(endpoints);
