import * as endpoints from '@/lib/shared/api/endpoints/mission-backups';
import { callers } from './call';

/** Backups and restores of one mission. */
export const missionBackups = callers(endpoints);
