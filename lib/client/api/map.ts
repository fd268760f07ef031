import type * as endpoints from '@/lib/shared/api/endpoints/map';
import { callers } from './call';
import { routes } from './routes/map';

/** The map overview's missions and clusters. */
export const map = callers<typeof endpoints>(routes);
