import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { SupportContact, SupportReceipt, SupportRequest } from '@/lib/shared/schemas/support';
import { appOrigin } from '../env-schema';
import { env } from '../env';
import { recordAudit } from '../audit/record-audit';
import { appUser, auditEvent } from '../db/schema';
import { inTransaction, type DomainContext, type Tx } from '../domain/context';
import { AppError } from '../errors';
import { requireMission } from '../missions/visibility';

/*
 * The support view's form (spec §2 support; issue 20 point 5): a message to the support mailbox
 * with who sent it, from which page and about which mission, through the mail transport (the
 * outbox when no SMTP is configured). A mission is named only if the sender may see it.
 */

/**
 * The mission the message is about, when the sender may read it; null otherwise. A mission the
 * sender may not see never refuses the message: the 403/404 page links to support, and whoever
 * lands there is exactly who needs it. Missing and foreign missions both give null, so the answer
 * never tells whether a mission exists.
 */
export async function readableMission(ctx: DomainContext, missionId: number) {
  try {
    return (await requireMission(ctx, missionId, 'read')).row;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'not_found' || err.code === 'not_authorized')) return null;
    throw err;
  }
}

/** Requests one user may send in WINDOW_MINUTES: enough for a conversation, not for flooding the mailbox. */
const PER_WINDOW = 5;
const WINDOW_MINUTES = 10;
/** First key of the per-user advisory lock that makes counting and recording one step. */
const SENDER_LOCK = 0x5355_5050;

/**
 * Whether the sender may send another request now, counted from the audit trail, where each
 * request is recorded: the same for every app process. Call inside the request's transaction.
 */
async function allowNow(tx: Tx, identityId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK}, hashtext(${identityId}))`);
  const [recent] = await tx
    .select({ count: count() })
    .from(auditEvent)
    .where(and(eq(auditEvent.actorId, identityId), eq(auditEvent.entity, 'support_request'), gt(auditEvent.at, sql`now() - make_interval(mins => ${WINDOW_MINUTES})`)));
  return recent!.count < PER_WINDOW;
}

/** Support sees the id the sender gave even when the sender may not see it, never its name. */
function missionLine(mission: { id: number; name: string } | null, givenId: number | undefined, origin: string): string {
  if (mission) return `${mission.id} ${mission.name} (${origin}/mission/${mission.id})`;
  return givenId === undefined ? '—' : `${givenId} (not visible to the sender)`;
}

export function supportContact(): SupportContact {
  return { email: env().SUPPORT_EMAIL, phone: env().SUPPORT_PHONE ?? null };
}

export async function sendSupportRequest(ctx: DomainContext, input: SupportRequest): Promise<SupportReceipt> {
  if (ctx.actor.kind !== 'user') throw new AppError('not_authorized', 'Only signed-in users write to support');
  const mission = input.missionId === undefined ? null : await readableMission(ctx, input.missionId);
  const identityId = ctx.actor.identityId;
  const [user] = await ctx.db.select({ email: appUser.email, displayName: appUser.displayName }).from(appUser).where(eq(appUser.identityId, identityId));
  const reference = `SUP-${ctx.clock.now().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const origin = appOrigin(env());
  const text = [
    `From: ${user?.displayName ?? '—'} <${user?.email ?? identityId}>`,
    `Roles: ${ctx.actor.roles.join(', ') || '—'}`,
    `Page: ${input.page ? `${origin}${input.page}` : '—'}`,
    `Mission: ${missionLine(mission, input.missionId, origin)}`,
    `Reference: ${reference}`,
    '',
    input.message,
    '',
  ].join('\n');
  const { delivery } = await inTransaction(ctx, async (tx) => {
    if (!(await allowNow(tx.db, identityId))) {
      throw new AppError('rate_limited', `At most ${PER_WINDOW} support requests in ${WINDOW_MINUTES} minutes`, undefined, 'support.tooMany');
    }
    await recordAudit(tx, { entity: 'support_request', entityId: reference, action: 'send', diff: { subject: input.subject, page: input.page ?? null, missionId: mission?.id ?? null } });
    return ctx.mail.send(tx.db, { to: env().SUPPORT_EMAIL, subject: `[${reference}] ${input.subject}`, text, template: 'support' });
  });
  ctx.log.info(`support request ${reference} from ${identityId} (${delivery})`);
  return { reference, delivery };
}
