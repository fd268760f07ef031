import 'server-only';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { CONFIRMATION_STEPS, CONFIRMATION_VALID_DAYS, type ConfirmationRequestInput, type ConfirmationSummary } from '@/lib/shared/schemas/confirmation';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { missionConfirmation } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { env } from '../env';
import { appOrigin } from '../env-schema';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { notAuthorizedMission, requireMission, type MissionRow } from '../missions/visibility';
import { confirmationSummaryOf } from './confirmation-dto';
import { confirmationPath, confirmationTokenHash, newConfirmationToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who may ask: whoever may set the mission's step (internal staff, the assigned operator). */
async function requireStepEditor(ctx: DomainContext, missionId: number, lock = false): Promise<MissionRow> {
  const { row, access } = await requireMission(ctx, missionId, 'update', { lock });
  if (!access.editable.has('step')) throw notAuthorizedMission(missionId);
  return row;
}

function mailText(kind: ConfirmationRequestInput['kind'], mission: MissionRow, link: string, deliveryDate: string | undefined, expires: Date) {
  const day = expires.toISOString().slice(0, 10);
  const what =
    kind === 'order'
      ? { en: `please confirm your order for mission "${mission.name}"`, de: `bitte bestätigen Sie Ihren Auftrag für die Mission „${mission.name}“` }
      : { en: `please confirm the proposed delivery date ${deliveryDate} for mission "${mission.name}"`, de: `bitte bestätigen Sie den vorgeschlagenen Liefertermin ${deliveryDate} für die Mission „${mission.name}“` };
  return {
    subject: kind === 'order' ? `Argus: please confirm your order – ${mission.name}` : `Argus: please confirm the delivery date – ${mission.name}`,
    text: `Hello,\n\n${what.en}:\n${link}\n\nThe link works once, until ${day}.\n\n---\n\nGuten Tag,\n\n${what.de}:\n${link}\n\nDer Link gilt einmal, bis zum ${day}.\n`,
  };
}

/**
 * Sends a customer the link to confirm an order or a delivery date (issue 20 point 5). Only while
 * the mission waits at the matching step; a newer request ends the older open ones, so only the
 * latest link works. The e-mail leaves with the transaction (the outbox), audited on the mission.
 */
export async function requestConfirmation(ctx: DomainContext, missionId: number, input: ConfirmationRequestInput): Promise<ConfirmationSummary> {
  return inTransaction(ctx, async (tx) => {
    const mission = await requireStepEditor(tx, missionId, true);
    const { awaiting } = CONFIRMATION_STEPS[input.kind];
    if (mission.step !== awaiting) {
      throw new AppError('conflict', `mission ${missionId} is not at step ${awaiting}`, { step: mission.step }, `errors.confirmation.notAwaiting.${input.kind}`);
    }
    const now = ctx.clock.now();
    await tx.db
      .update(missionConfirmation)
      .set({ expiresAt: now })
      .where(and(eq(missionConfirmation.missionId, missionId), eq(missionConfirmation.kind, input.kind), isNull(missionConfirmation.confirmedAt), gt(missionConfirmation.expiresAt, now)));
    const token = newConfirmationToken();
    const expiresAt = new Date(now.getTime() + CONFIRMATION_VALID_DAYS * DAY_MS);
    const [row] = await tx.db
      .insert(missionConfirmation)
      .values({ missionId, kind: input.kind, deliveryDate: input.deliveryDate ?? null, recipient: input.recipient, tokenHash: confirmationTokenHash(token), expiresAt, createdBy: actorId(ctx.actor) })
      .returning();
    const link = `${appOrigin(env())}${confirmationPath(token)}`;
    const mail = mailText(input.kind, mission, link, input.deliveryDate, expiresAt);
    await sendMail(tx.db, { to: input.recipient, ...mail, template: `confirmation.${input.kind}` });
    await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: 'request-confirmation', diff: { kind: input.kind, recipient: input.recipient, deliveryDate: input.deliveryDate ?? null, expiresAt: expiresAt.toISOString() } });
    return confirmationSummaryOf(row!, now);
  });
}

/** The requests sent for a mission, newest first, for those who may send them. */
export async function listConfirmations(ctx: DomainContext, missionId: number): Promise<{ items: ConfirmationSummary[] }> {
  await requireStepEditor(ctx, missionId);
  const rows = await ctx.db.select().from(missionConfirmation).where(eq(missionConfirmation.missionId, missionId)).orderBy(desc(missionConfirmation.id)).limit(50);
  const now = ctx.clock.now();
  return { items: rows.map((row) => confirmationSummaryOf(row, now)) };
}
