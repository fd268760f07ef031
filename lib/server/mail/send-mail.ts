import 'server-only';
import { mailOutbox, type MailOutboxRow } from '../db/schema/mail';
import { env } from '../env';
import type { Executor } from '../jobs/define';
import { enqueueJob } from '../jobs/enqueue';
import { mailDeliverJob } from './deliver-job';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Which template made it (`invitation.en`); `plain` for hand-written messages. */
  template?: string;
}

/** How a message leaves: through SMTP (SMTP_URL set) or not at all (it waits in the outbox). */
export type MailDelivery = 'smtp' | 'outbox';

/**
 * Sends an e-mail: stores it in `mail_outbox` and, with SMTP_URL, enqueues its delivery as a
 * `mail.deliver` job in the same transaction (pass the caller's transaction as `db`: the message
 * then exists exactly when the caller's write commits). The request never waits for SMTP, and a
 * failed delivery is retried by the worker. Without SMTP_URL the message stays `queued` in the
 * outbox and one log line says so — never the body, which may hold a one-time code.
 */
export async function sendMail(db: Executor, mail: OutgoingMail): Promise<{ message: MailOutboxRow; delivery: MailDelivery }> {
  const smtp = Boolean(env().SMTP_URL);
  return db.transaction(async (tx) => {
    const [message] = await tx.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, body: mail.text, template: mail.template ?? 'plain' }).returning();
    if (!message) throw new Error('mail_outbox insert returned no row');
    if (smtp) {
      await enqueueJob(tx, mailDeliverJob, { messageId: message.id });
    } else {
      console.log(`[mail] no SMTP_URL: "${mail.subject}" to ${mail.to} is stored in the outbox (table mail_outbox, id ${message.id}), not delivered`);
    }
    return { message, delivery: smtp ? 'smtp' : 'outbox' };
  });
}
