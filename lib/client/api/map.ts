import * as endpoints from '@/lib/shared/api/endpoints/map';
import { callers } from './call';

/** The map overview's missions and clusters. */
export const map = callers(endpoints);
