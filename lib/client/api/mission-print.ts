import type * as endpoints from '@/lib/shared/api/endpoints/mission-print';
import { callers } from './call';
import { routes } from './routes/mission-print';

/** The print view's PDF. */
export const missionPrint = callers<typeof endpoints>(routes);
