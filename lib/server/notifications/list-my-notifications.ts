import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { notification } from '../db/schema';
import type { DomainContext } from '../domain/context';
import type { Locale } from '@/lib/shared/locale';
import { notificationDto } from './active-notifications';

/** Personal notifications shown at once; older active ones wait until these are dismissed. */
const LIMIT = 20;

/**
 * The signed-in user's active personal notifications (rows addressed to them: scans available,
 * failed or stalled, point clouds ready or failed), newest first, in their language.
 */
export async function listMyNotifications(ctx: DomainContext, { locale }: { locale: Locale }) {
  if (ctx.actor.kind !== 'user') return [];
  const rows = await ctx.db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, ctx.actor.identityId), eq(notification.state, 'active')))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(LIMIT);
  return rows.map((row) => notificationDto(row, locale));
}
