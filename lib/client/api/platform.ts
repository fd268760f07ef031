import * as endpoints from '@/lib/shared/api/endpoints/platform';
import { callers } from './call';

/** Health, config, maintenance notice and notifications. */
export const platform = callers(endpoints);
