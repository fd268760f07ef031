import type * as endpoints from '@/lib/shared/api/endpoints/missions';
import { callers } from './call';
import { routes } from './routes/missions';

/** Missions, their buildings, shares, tags and audit trail: `missions.updateMission({ params: { id }, body })`. */
export const missions = callers<typeof endpoints>(routes);
