import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { mission } from './missions';

/**
 * The confirmation view's links (issue 20 point 5, spec "confirmation" view): a customer confirms
 * an order (step `order_confirm`) or a proposed delivery date (step `confirm_delivery_date`) from
 * an e-mail. The link carries a random 256-bit token; only its SHA-256 is stored, so the table
 * cannot be turned back into working links. Single use (`confirmed_at`), expiring (`expires_at`);
 * a newer request for the same mission and kind ends the older ones.
 */
export const missionConfirmation = pgTable(
  'mission_confirmation',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['order', 'delivery_date'] }).notNull(),
    /** The proposed delivery date (kind `delivery_date`). */
    deliveryDate: date({ mode: 'string' }),
    recipient: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** Identity id of who sent the request. */
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mission_confirmation_mission_idx').on(t.missionId, t.id),
    uniqueIndex('mission_confirmation_token').on(t.tokenHash),
    check('mission_confirmation_kind', sql`${t.kind} IN ('order', 'delivery_date')`),
    check('mission_confirmation_date_kind', sql`(${t.kind} = 'delivery_date') = (${t.deliveryDate} IS NOT NULL)`),
  ],
);
