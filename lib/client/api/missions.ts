import * as endpoints from '@/lib/shared/api/endpoints/missions';
import { callers } from './call';

/** Missions, their buildings, shares, tags and audit trail: `missions.updateMission({ params: { id }, body })`. */
export const missions = callers(endpoints);
