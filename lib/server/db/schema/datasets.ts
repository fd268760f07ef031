import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DATASET_STATUSES, DATASET_TYPES } from '../../../shared/schemas/dataset';
import { mutable } from './columns';
import { mission } from './missions';

export const datasetStatus = pgEnum('dataset_status', DATASET_STATUSES);
export const datasetType = pgEnum('dataset_type', DATASET_TYPES);

/** spec §3 Dataset (scan). `createdAt` is the spec's creation time. */
export const dataset = pgTable(
  'dataset',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The spec's "dataset id": the scan's own identifier. */
    datasetId: text().notNull(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    type: datasetType().notNull().default('unknown'),
    status: datasetStatus().notNull().default('uploading'),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** Percent, 0–100. */
    progress: real().notNull().default(0),
    /** Where the raw scan lives in the file storage. */
    storageKey: text(),
    sizeBytes: bigint({ mode: 'number' }),
    ...mutable,
  },
  (t) => [
    uniqueIndex('dataset_dataset_id_key').on(t.datasetId),
    index('dataset_mission_idx').on(t.missionId, t.createdAt),
    index('dataset_status_idx').on(t.status),
    check('dataset_progress_range', sql`${t.progress} between 0 and 100`),
    check('dataset_size_non_negative', sql`${t.sizeBytes} >= 0`),
  ],
);
