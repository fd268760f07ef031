import 'server-only';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../db/schema/mail';
import type { Executor } from '../jobs/define';

export const MAIL_DELIVER_JOB = 'mail.deliver';

/** One connection per message (no pool: mail is rare); timeouts well below the job's expiry, so a dead server fails the attempt. */
function transportFor(smtpUrl: string): Transporter {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 30_000 });
}

export interface DeliverOptions {
  smtpUrl: string;
  from: string;
  /** The last attempt marks the message failed instead of leaving it queued for a retry. */
  lastAttempt: boolean;
}

/**
 * Hands one outbox message to the SMTP server and marks it `sent`. A message already sent is
 * left alone (a retry after the SMTP server accepted but before we recorded it must not send
 * twice — except in that narrow window, which SMTP cannot close). A failure is recorded on the
 * row (`error`; `failed` on the last attempt) and rethrown so the job retries.
 */
export async function deliverMessage(db: Executor, messageId: string, options: DeliverOptions): Promise<'sent' | 'already-sent' | 'missing'> {
  const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, messageId));
  if (!message) return 'missing';
  if (message.status === 'sent') return 'already-sent';
  try {
    await transportFor(options.smtpUrl).sendMail({ from: options.from, to: message.recipient, subject: message.subject, text: message.body });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await db
      .update(mailOutbox)
      .set({ status: options.lastAttempt ? 'failed' : 'queued', error })
      .where(eq(mailOutbox.id, messageId));
    throw err;
  }
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(mailOutbox.id, messageId));
  return 'sent';
}
