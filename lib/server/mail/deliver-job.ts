import 'server-only';
import { z } from 'zod';
import { defineJobContract } from '../jobs/define';
import { MAIL_DELIVER_JOB } from './deliver';

/**
 * Delivers one `mail_outbox` message through SMTP (handler: deliver-job-handler.ts). Enqueued by
 * `sendMail` in the sender's transaction when SMTP_URL is set. Retried with backoff (about 30 s,
 * 1 min, 2 min, 4 min, 8 min) while the SMTP server is unreachable or refuses; the outbox row then
 * says `failed`. The input is the message id only: recipients and bodies (codes) stay out of the job row.
 */
export const mailDeliverJob = defineJobContract({
  name: MAIL_DELIVER_JOB,
  schema: z.object({ messageId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60,
  concurrency: 4,
});
