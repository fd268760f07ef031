import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: who (identity id, null for the system), when, which entity, what.
 * No foreign keys, so the history outlives what it describes.
 */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid(),
    /** e.g. 'mission', 'company', 'mission_share'. */
    entity: text().notNull(),
    entityId: text().notNull(),
    /** e.g. 'create', 'update', 'share', 'close'. */
    action: text().notNull(),
    /** The mission the change belongs to, for the trail on the mission page. */
    missionId: bigint({ mode: 'number' }),
    /** Changed fields: { field: [before, after] }, or the created values for 'create'. */
    diff: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    requestId: text(),
  },
  (t) => [
    index('audit_event_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_event_mission_idx').on(t.missionId, t.at),
    index('audit_event_actor_idx').on(t.actorId, t.at),
  ],
);
