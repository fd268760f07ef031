import 'server-only';
import { env } from '../env';
import { PermanentJobError, type JobHandler } from '../jobs/define';
import { deliverMessage } from './deliver';
import type { mailDeliverJob } from './deliver-job';

/** Runs `mail.deliver` (deliver-job.ts) in the worker. */
export const mailDeliverHandler: JobHandler<(typeof mailDeliverJob)['schema'], { outcome: string }> = {
  async run(data, ctx) {
    const { SMTP_URL, MAIL_FROM } = env();
    if (!SMTP_URL) throw new PermanentJobError('SMTP_URL is not set: the message stays in the outbox');
    const outcome = await deliverMessage(ctx.db, data.messageId, { smtpUrl: SMTP_URL, from: MAIL_FROM, lastAttempt: ctx.attempt >= ctx.maxAttempts });
    if (outcome === 'missing') throw new PermanentJobError(`mail ${data.messageId} is not in the outbox`);
    return { outcome };
  },
};
