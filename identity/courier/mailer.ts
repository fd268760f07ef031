import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import { render, type Locale, type TemplateData, type TemplateType } from './templates';

export interface Mailer {
  send(to: string, type: TemplateType, locale: Locale, data: TemplateData): Promise<void>;
}

/**
 * Every message is stored in the courier table (listed by the admin API). With SMTP_URL it is
 * also delivered and marked `sent`; without, it stays `queued` in the outbox, where development
 * reads its code. Codes and links never go to the log: logs travel further than the outbox
 * (collectors, support tickets) and a code there takes over the account.
 */
export function createMailer(cfg: Config, db: Db): Mailer {
  const transport = cfg.smtpUrl ? nodemailer.createTransport(cfg.smtpUrl) : null;
  return {
    async send(to, type, locale, data) {
      const { subject, body } = render(type, locale, data);
      const id = randomUUID();
      await db.query('INSERT INTO identity.courier_messages (id, recipient, subject, body, template_type) VALUES ($1, $2, $3, $4, $5)', [id, to, subject, body, type]);
      if (!transport) {
        console.log(`identity: ${type} mail to ${to} kept in the outbox (GET /admin/courier/messages/${id})`);
        return;
      }
      // Delivered in the background, like Kratos' courier: the answer does not wait for SMTP, so a
      // known address is not told apart from an unknown one by response time.
      void (async () => {
        try {
          await transport.sendMail({ from: cfg.mailFrom, to, subject, text: body });
          await db.query("UPDATE identity.courier_messages SET status = 'sent', send_count = send_count + 1, updated_at = now() WHERE id = $1", [id]);
        } catch (err) {
          console.error(`identity: SMTP delivery to ${to} failed: ${(err as Error).message}`);
          await db.query('UPDATE identity.courier_messages SET send_count = send_count + 1, updated_at = now() WHERE id = $1', [id]).catch(() => undefined);
        }
      })();
    },
  };
}
