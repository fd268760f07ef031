import type * as endpoints from '@/lib/shared/api/endpoints/geocode';
import { callers } from './call';
import { routes } from './routes/geocode';

/** The address search of the planner. */
export const geocode = callers<typeof endpoints>(routes);
