import type * as endpoints from '@/lib/shared/api/endpoints/mission-files';
import { callers } from './call';
import { routes } from './routes/mission-files';

/** The files of a mission ("downloads"): the list, and each file's download address. */
export const missionFiles = callers<typeof endpoints>(routes);
