import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** queued: waiting for delivery (or no SMTP_URL: it stays here); sent: the SMTP server accepted it; failed: retries used up. */
export const mailStatus = pgEnum('mail_status', ['queued', 'sent', 'failed']);

/**
 * Every e-mail the app sends (lib/server/mail), like the identity service's courier table: the
 * record of what went to whom, and without SMTP_URL the only place the message exists (the
 * outbox of docs/user-center.md). The body may hold a one-time code (an invitation).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** Which template made it, with its language, e.g. `invitation.de`. */
    template: text().notNull(),
    status: mailStatus().notNull().default('queued'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** The last delivery attempt's failure. */
    error: text(),
  },
  (t) => [index('mail_outbox_recipient_idx').on(t.recipient, t.createdAt), index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
