import type * as endpoints from '@/lib/shared/api/endpoints/my-notifications';
import { callers } from './call';
import { routes } from './routes';

/** The signed-in user's personal notifications. */
export const myNotifications = callers<typeof endpoints>(routes.myNotifications);
