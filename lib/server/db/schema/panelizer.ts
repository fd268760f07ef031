import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PanelizerDocument } from '../../../shared/panelizer/document';
import type { PanelizerResults } from '../../../shared/panelizer/results';
import { dataset } from './datasets';
import { mission } from './missions';

/**
 * spec §3 Panelizer project: a facade panelization (floors, walls, openings) of a mission, drawn
 * on the converted cloud of one of its datasets. `document` is lib/shared/panelizer/document.ts;
 * `version` guards the editor's autosave (409 on a stale save). The published state names the one
 * export the customer and the partner read.
 */
export const panelizerProject = pgTable(
  'panelizer_project',
  {
    id: uuid().primaryKey().defaultRandom(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    /** The dataset whose converted cloud the editor cuts (null once that dataset is deleted). */
    datasetId: bigint({ mode: 'number' }).references(() => dataset.id, { onDelete: 'set null' }),
    name: text().notNull(),
    document: jsonb().$type<PanelizerDocument>().notNull(),
    version: integer().notNull().default(1),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedExportId: uuid().references((): AnyPgColumn => panelizerExport.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('panelizer_project_mission_idx').on(t.missionId), check('panelizer_project_name_not_blank', sql`btrim(${t.name}) <> ''`)],
);

/**
 * An immutable, numbered snapshot of a project (its document and computed results). Rows are
 * only inserted; `publishedAt` is the one field that changes, mirroring the project's published
 * export (at most one per project, the partial unique index makes sure).
 */
export const panelizerExport = pgTable(
  'panelizer_export',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references((): AnyPgColumn => panelizerProject.id, { onDelete: 'cascade' }),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per project. */
    number: integer().notNull(),
    /** The project's name when the export was made. */
    name: text().notNull(),
    document: jsonb().$type<PanelizerDocument>().notNull(),
    results: jsonb().$type<PanelizerResults>().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('panelizer_export_number_key').on(t.projectId, t.number),
    uniqueIndex('panelizer_export_one_published_key').on(t.projectId).where(sql`${t.publishedAt} is not null`),
    index('panelizer_export_mission_idx').on(t.missionId),
    check('panelizer_export_number_positive', sql`${t.number} > 0`),
  ],
);
