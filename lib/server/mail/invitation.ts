import 'server-only';
import { and, desc, eq, like } from 'drizzle-orm';
import { isLocale, type Locale } from '@/lib/shared/locale';
import type { Invitation } from '@/lib/shared/schemas/admin-user';
import { mailOutbox } from '../db/schema/mail';
import { appOrigin } from '../env-schema';
import { env } from '../env';
import type { DomainContext } from '../domain/context';
import type { Executor } from '../jobs/define';
import type { MailDelivery } from './send-mail';
import { invitationMail } from './templates';

/**
 * Mails an invitation's one-time link and code to the invitee (issue 8 item 3) in the chosen
 * language. Part of the caller's transaction: the message is stored (and its delivery queued)
 * only if the invitation's own writes commit.
 */
export async function mailInvitation(
  ctx: Pick<DomainContext, 'db' | 'mail'>,
  to: { email: string; firstName: string },
  locale: Locale,
  invitation: Pick<Invitation, 'recoveryLink' | 'recoveryCode' | 'expiresAt'>,
): Promise<{ to: string; delivery: MailDelivery; language: Locale }> {
  const mail = invitationMail(locale, { firstName: to.firstName, link: invitation.recoveryLink, code: invitation.recoveryCode, expiresAt: invitation.expiresAt, appUrl: appOrigin(env()) });
  const { delivery } = await ctx.mail.send(ctx.db, { to: to.email, ...mail });
  return { to: to.email, delivery, language: locale };
}

/** The language of the newest invitation mailed to this address (a new invitation keeps it), if any. */
export async function lastInvitationLanguage(db: Executor, email: string): Promise<Locale | undefined> {
  const [last] = await db
    .select({ template: mailOutbox.template })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.template, 'invitation.%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const language = last?.template.slice('invitation.'.length);
  return isLocale(language) ? language : undefined;
}
