import type * as endpoints from '@/lib/shared/api/endpoints/platform';
import { callers } from './call';
import { routes } from './routes/platform';

/** Health, config, maintenance notice and notifications. */
export const platform = callers<typeof endpoints>(routes);
