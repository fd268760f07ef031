import type * as endpoints from '@/lib/shared/api/endpoints/storage';
import { callers } from './call';
import { routes } from './routes/storage';

/** /storage: the overview, a mission's files, unsync, restore and the files of missing missions. */
export const storageApi = callers<typeof endpoints>(routes);
