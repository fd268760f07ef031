import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { locales } from '@/lib/shared/locale';
import { endpoint } from '../endpoint';
import { notificationSchema } from './platform';

/*
 * Personal notifications (spec §3 Notification, issue 14 point 5): what the app tells one user —
 * their scan is available, failed or stalled, their mission's online point cloud is ready or
 * failed. Broadcasts stay at /api/v2/notifications.
 */

const tag = 'platform';

export const listMyNotifications = endpoint({
  method: 'GET',
  path: '/api/v2/me/notifications',
  summary: "The signed-in user's active personal notifications, newest first, in the requested language",
  tag,
  query: z.object({ locale: z.enum(locales).default('en') }),
  response: z.object({ items: z.array(notificationSchema) }),
});

export const dismissMyNotification = endpoint({
  method: 'POST',
  path: '/api/v2/me/notifications/{id}/dismiss',
  summary: 'Dismisses one of the signed-in user\'s notifications (state dismissed); 404 for anyone else\'s',
  tag,
  params: z.object({ id: z.coerce.number().pipe(idSchema) }),
  body: z.object({}).optional(),
  response: z.null(),
  status: 204,
});
