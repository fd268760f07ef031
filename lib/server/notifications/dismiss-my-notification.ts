import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { notification } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';

/**
 * Dismisses one of the signed-in user's notifications. Someone else's (or a broadcast) is not
 * found: a guessed id tells nothing. Dismissing twice is fine.
 */
export async function dismissMyNotification(ctx: DomainContext, { id }: { id: number }): Promise<void> {
  if (ctx.actor.kind !== 'user') throw notFound('notification');
  const updated = await ctx.db
    .update(notification)
    .set({ state: 'dismissed', updatedAt: sql`now()`, version: sql`${notification.version} + 1` })
    .where(and(eq(notification.id, id), eq(notification.recipientId, ctx.actor.identityId)))
    .returning({ id: notification.id });
  if (updated.length === 0) throw notFound('notification');
}
