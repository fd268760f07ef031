import type * as endpoints from '@/lib/shared/api/endpoints/mission-backups';
import { callers } from './call';
import { routes } from './routes/mission-backups';

/** Backups and restores of one mission. */
export const missionBackups = callers<typeof endpoints>(routes);
