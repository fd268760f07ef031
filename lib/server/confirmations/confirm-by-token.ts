import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { CONFIRMATION_STEPS, type PublicConfirmation } from '@/lib/shared/schemas/confirmation';
import { recordAudit } from '../audit/record-audit';
import { appUser, mission, missionConfirmation, notification } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { confirmationState, type ConfirmationRow } from './confirmation-dto';
import { confirmationTokenHash, isConfirmationToken } from './tokens';

/*
 * The confirmation view's two calls, behind the link's token (no session: the customer may have
 * no account; the unguessable, single-use token is the authorization). Reading shows what is
 * asked and never changes anything, so a mail scanner that opens the link confirms nothing; only
 * the page's button (a POST from our origin) confirms.
 */

const unknownLink = () => new AppError('not_found', 'confirmation link not found', undefined, 'errors.confirmation.unknown');

/** The link's row with its mission; `lock` takes both rows (FOR UPDATE over the join locks each table's row). */
async function byToken(ctx: Pick<DomainContext, 'db'>, token: string, lock = false) {
  if (!isConfirmationToken(token)) throw unknownLink();
  const query = ctx.db
    .select({ row: missionConfirmation, missionName: mission.name, step: mission.step, deliveryDate: mission.deliveryDate, ownerId: mission.ownerId })
    .from(missionConfirmation)
    .innerJoin(mission, eq(mission.id, missionConfirmation.missionId))
    .where(eq(missionConfirmation.tokenHash, confirmationTokenHash(token)));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw unknownLink();
  return found;
}

const publicView = (found: { row: ConfirmationRow; missionName: string }, now: Date): PublicConfirmation => ({
  kind: found.row.kind,
  missionName: found.missionName,
  deliveryDate: found.row.deliveryDate,
  state: confirmationState(found.row, now),
  expiresAt: found.row.expiresAt.toISOString(),
  confirmedAt: found.row.confirmedAt?.toISOString() ?? null,
});

export async function getConfirmation(ctx: DomainContext, token: string): Promise<PublicConfirmation> {
  return publicView(await byToken(ctx, token), ctx.clock.now());
}

const OWNER_TEXTS = {
  order: { en: (m: string) => `The customer confirmed the order of mission ${m}.`, de: (m: string) => `Der Kunde hat den Auftrag der Mission ${m} bestätigt.` },
  delivery_date: {
    en: (m: string, d: string) => `The customer confirmed the delivery date ${d} of mission ${m}.`,
    de: (m: string, d: string) => `Der Kunde hat den Liefertermin ${d} der Mission ${m} bestätigt.`,
  },
};

/**
 * Confirms: the link is used up, the mission moves on from the step that waited for it (a
 * confirmed delivery date becomes the mission's delivery date), audited, and the mission owner
 * (without one, who requested the confirmation) is told in the app and by e-mail. Refused when
 * used, expired, or the mission is no longer waiting.
 */
export async function confirmByToken(ctx: DomainContext, token: string): Promise<PublicConfirmation> {
  return inTransaction(ctx, async (tx) => {
    const found = await byToken(tx, token, true);
    const { row } = found;
    const now = ctx.clock.now();
    const state = confirmationState(row, now);
    if (state === 'confirmed') throw new AppError('conflict', 'this link was used already', undefined, 'errors.confirmation.used');
    if (state === 'expired') throw new AppError('conflict', 'this link has expired', undefined, 'errors.confirmation.expired');
    const steps = CONFIRMATION_STEPS[row.kind];
    if (found.step !== steps.awaiting) throw new AppError('conflict', 'the mission no longer waits for this confirmation', undefined, 'errors.confirmation.notAwaiting.link');
    const [used] = await tx.db.update(missionConfirmation).set({ confirmedAt: now }).where(eq(missionConfirmation.id, row.id)).returning();
    const delivery = row.kind === 'delivery_date' ? { deliveryDate: row.deliveryDate } : {};
    await tx.db
      .update(mission)
      .set({ step: steps.next, ...delivery, updatedAt: sql`now()`, version: sql`${mission.version} + 1` })
      .where(eq(mission.id, row.missionId));
    const diff: Record<string, unknown> = { step: [steps.awaiting, steps.next], confirmedBy: row.recipient, via: 'confirmation link' };
    if (row.kind === 'delivery_date') diff.deliveryDate = [found.deliveryDate, row.deliveryDate];
    await recordAudit(tx, { entity: 'mission', entityId: row.missionId, missionId: row.missionId, action: 'confirm', diff });
    // A mission without an owner: whoever sent the link asked for the answer, so they hear it.
    await tellOwner(tx.db, found.ownerId ?? row.createdBy, row, `${row.missionId} (${found.missionName})`);
    return publicView({ row: used!, missionName: found.missionName }, now);
  });
}

async function tellOwner(db: DomainContext['db'], ownerId: string | null, row: ConfirmationRow, missionLabel: string): Promise<void> {
  if (!ownerId) return;
  const texts = OWNER_TEXTS[row.kind];
  const [en, de] = [texts.en(missionLabel, row.deliveryDate ?? ''), texts.de(missionLabel, row.deliveryDate ?? '')];
  await db.insert(notification).values({ text: { en, de }, type: 'success', recipientId: ownerId, channels: ['global'] });
  const [owner] = await db.select({ email: appUser.email }).from(appUser).where(eq(appUser.identityId, ownerId));
  if (owner?.email) await sendMail(db, { to: owner.email, subject: `Argus: ${en}`, text: `${en}\n\n${de}\n`, template: `confirmation.confirmed.${row.kind}` });
}
