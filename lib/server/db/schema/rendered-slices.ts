import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { measurement } from './measurements';
import { mission } from './missions';

/**
 * Slice views exported from the 3D viewer (issue 16, spec §2 mission detail "rendered slices"):
 * an orthographic PNG of a slab at a scale (1:`scale`) and resolution, rendered in the browser and
 * stored with the mission. The slice it was made from may be deleted later; the picture stays.
 */
export const renderedSlice = pgTable(
  'rendered_slice',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    measurementId: bigint({ mode: 'number' }).references(() => measurement.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The scale's denominator: 50 is 1:50. */
    scale: integer().notNull(),
    dpi: integer().notNull(),
    widthPx: integer().notNull(),
    heightPx: integer().notNull(),
    storageKey: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    /** Identity id of who exported it. */
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rendered_slice_mission_idx').on(t.missionId, t.id),
    uniqueIndex('rendered_slice_storage_key').on(t.storageKey),
    check('rendered_slice_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('rendered_slice_positive', sql`${t.scale} > 0 AND ${t.dpi} > 0 AND ${t.widthPx} > 0 AND ${t.heightPx} > 0`),
  ],
);
