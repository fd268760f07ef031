import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SupportContact, SupportReceipt, SupportRequest } from '@/lib/shared/schemas/support';
import { appOrigin } from '../env-schema';
import { env } from '../env';
import { appUser } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { requireMission } from '../missions/visibility';

/*
 * The support view's form (spec §2 support; issue 20 point 5): a message to the support mailbox
 * with who sent it, from which page and about which mission, through the mail transport (the
 * outbox when no SMTP is configured). A mission is named only if the sender may see it.
 */

/** Requests one user may send in WINDOW_MS: enough for a conversation, not for flooding the mailbox. */
const PER_WINDOW = 5;
const WINDOW_MS = 10 * 60_000;
const sent = new Map<string, number[]>();

function allowNow(identityId: string, now: number): boolean {
  const recent = (sent.get(identityId) ?? []).filter((at) => now - at < WINDOW_MS);
  if (recent.length >= PER_WINDOW) return false;
  sent.set(identityId, [...recent, now]);
  if (sent.size > 10_000) sent.delete(sent.keys().next().value!);
  return true;
}

export function supportContact(): SupportContact {
  return { email: env().SUPPORT_EMAIL, phone: env().SUPPORT_PHONE ?? null };
}

export async function sendSupportRequest(ctx: DomainContext, input: SupportRequest): Promise<SupportReceipt> {
  if (ctx.actor.kind !== 'user') throw new AppError('not_authorized', 'Only signed-in users write to support');
  const mission = input.missionId === undefined ? null : (await requireMission(ctx, input.missionId, 'read')).row;
  if (!allowNow(ctx.actor.identityId, ctx.clock.now().getTime())) {
    throw new AppError('rate_limited', `At most ${PER_WINDOW} support requests in ${WINDOW_MS / 60_000} minutes`, undefined, 'support.tooMany');
  }
  const [user] = await ctx.db.select({ email: appUser.email, displayName: appUser.displayName }).from(appUser).where(eq(appUser.identityId, ctx.actor.identityId));
  const reference = `SUP-${ctx.clock.now().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const origin = appOrigin(env());
  const text = [
    `From: ${user?.displayName ?? '—'} <${user?.email ?? ctx.actor.identityId}>`,
    `Roles: ${ctx.actor.roles.join(', ') || '—'}`,
    `Page: ${input.page ? `${origin}${input.page}` : '—'}`,
    `Mission: ${mission ? `${mission.id} ${mission.name} (${origin}/mission/${mission.id})` : '—'}`,
    `Reference: ${reference}`,
    '',
    input.message,
    '',
  ].join('\n');
  const { delivery } = await ctx.mail.send(ctx.db, { to: env().SUPPORT_EMAIL, subject: `[${reference}] ${input.subject}`, text, template: 'support' });
  ctx.log.info(`support request ${reference} from ${ctx.actor.identityId} (${delivery})`);
  return { reference, delivery };
}
