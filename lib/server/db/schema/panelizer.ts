import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { mutable } from './columns';
import { mission } from './missions';

/** spec §3 Panelizer project: a facade panelization (floors, walls, openings) of a mission. */
export const panelizerProject = pgTable(
  'panelizer_project',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    published: boolean().notNull().default(false),
    /** The editor's document: floors, outlines, openings (shape owned by the panelizer). */
    document: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Storage key of the latest export, the other way to open the panelizer (spec §2). */
    exportKey: text(),
    ...mutable,
  },
  (t) => [index('panelizer_project_mission_idx').on(t.missionId), check('panelizer_project_name_not_blank', sql`btrim(${t.name}) <> ''`)],
);
