import 'server-only';
import { and, arrayContains, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { notification } from '@/lib/server/db/schema';
import type { Locale } from '@/lib/shared/locale';

type Channel = 'global' | 'auth';

/** Active broadcast notifications of one channel (public: the auth channel shows before sign-in). */
export async function activeBroadcasts(db: Db, channel: Channel, locale: Locale) {
  const rows = await db
    .select()
    .from(notification)
    .where(and(eq(notification.state, 'active'), isNull(notification.recipientId), arrayContains(notification.channels, [channel])))
    .orderBy(desc(notification.createdAt))
    .limit(20);
  return rows.map((row) => notificationDto(row, locale));
}

/** A notification as the API answers it: its text in the user's language (English when missing). */
export function notificationDto(row: typeof notification.$inferSelect, locale: Locale) {
  return {
    id: row.id,
    text: row.text[locale] ?? row.text.en,
    type: row.type,
    state: row.state,
    channels: row.channels,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
  };
}
