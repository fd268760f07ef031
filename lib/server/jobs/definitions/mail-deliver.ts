import 'server-only';
import { z } from 'zod';
import { env } from '../../env';
import { deliverMessage, MAIL_DELIVER_JOB } from '../../mail/deliver';
import { defineJob, PermanentJobError } from '../define';

/**
 * Delivers one `mail_outbox` message through SMTP (lib/server/mail). Enqueued by `sendMail` in
 * the sender's transaction when SMTP_URL is set. Retried with backoff (about 30 s, 1 min, 2 min,
 * 4 min, 8 min) while the SMTP server is unreachable or refuses; the outbox row then says `failed`.
 * The input is the message id only: recipients and bodies (codes) stay out of the job row.
 */
export const mailDeliver = defineJob({
  name: MAIL_DELIVER_JOB,
  schema: z.object({ messageId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60,
  concurrency: 4,
  async run(data, ctx) {
    const { SMTP_URL, MAIL_FROM } = env();
    if (!SMTP_URL) throw new PermanentJobError('SMTP_URL is not set: the message stays in the outbox');
    const outcome = await deliverMessage(ctx.db, data.messageId, { smtpUrl: SMTP_URL, from: MAIL_FROM, lastAttempt: ctx.attempt >= ctx.maxAttempts });
    if (outcome === 'missing') throw new PermanentJobError(`mail ${data.messageId} is not in the outbox`);
    return { outcome };
  },
});
