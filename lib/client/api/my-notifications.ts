import type * as endpoints from '@/lib/shared/api/endpoints/my-notifications';
import { callers } from './call';
import { routes } from './routes/my-notifications';

/** The signed-in user's personal notifications. */
export const myNotifications = callers<typeof endpoints>(routes);
