import * as endpoints from '@/lib/shared/api/endpoints/mission-print';
import { callers } from './call';

/** The print view's PDF. */
export const missionPrint = callers(endpoints);
