import type * as endpoints from '@/lib/shared/api/endpoints/map';
import { callers } from './call';
import { routes } from './routes';

/** The map overview's missions and clusters. */
export const map = callers<typeof endpoints>(routes.map);
