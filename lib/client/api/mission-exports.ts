import type * as endpoints from '@/lib/shared/api/endpoints/mission-exports';
import { callers } from './call';
import { routes } from './routes/mission-exports';

/** The mission list's exports (CSV/XLSX jobs and their files). */
export const missionExports = callers<typeof endpoints>(routes);
