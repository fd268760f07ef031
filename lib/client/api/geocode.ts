import * as endpoints from '@/lib/shared/api/endpoints/geocode';
import { callers } from './call';

/** The address search of the planner. */
export const geocode = callers(endpoints);
