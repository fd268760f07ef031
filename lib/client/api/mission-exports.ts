import * as endpoints from '@/lib/shared/api/endpoints/mission-exports';
import { callers } from './call';

/** The mission list's exports (CSV/XLSX jobs and their files). */
export const missionExports = callers(endpoints);
