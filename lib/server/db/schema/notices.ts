import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mutable } from './columns';

/** Spec §3 "Maintenance notice": text with ${startTime} and ${endTime} placeholders. */
export const maintenanceNotice = pgTable(
  'maintenance_notice',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Text per locale, e.g. { en: 'Maintenance from ${startTime} to ${endTime}', de: '…' }. */
    text: jsonb().$type<Record<'en' | 'de', string>>().notNull(),
    /** When the notice starts being shown (announcement), before the window itself. */
    showFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    ...mutable,
  },
  (t) => [
    check('maintenance_window_ordered', sql`${t.endTime} > ${t.startTime} and ${t.showFrom} <= ${t.startTime}`),
    index('maintenance_notice_window_idx').on(t.endTime, t.showFrom),
  ],
);

export const notificationType = pgEnum('notification_type', ['error', 'info', 'success', 'warning']);
export const notificationState = pgEnum('notification_state', ['active', 'dismissed']);
export const notificationChannel = pgEnum('notification_channel', ['global', 'auth']);

/**
 * Spec §3 "Notification". A row with no recipient is a broadcast shown on its channels
 * (auth = the sign-in screens, global = everywhere in the shell).
 */
export const notification = pgTable(
  'notification',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    text: jsonb().$type<Record<'en' | 'de', string>>().notNull(),
    state: notificationState().notNull().default('active'),
    type: notificationType().notNull().default('info'),
    channels: notificationChannel().array().notNull().default(sql`'{global}'::notification_channel[]`),
    /** How long a toast stays, in milliseconds; null keeps it until dismissed. */
    duration: integer(),
    /** Identity id of the recipient; null for a broadcast. */
    recipientId: uuid(),
    ...mutable,
  },
  (t) => [index('notification_recipient_state_idx').on(t.recipientId, t.state, t.createdAt)],
);
