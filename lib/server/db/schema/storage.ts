import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOCAL_FILE_STATES, STORAGE_OPERATIONS } from '../../../shared/schemas/storage';
import { mission } from './missions';

export const localFileState = pgEnum('local_file_state', LOCAL_FILE_STATES);
export const storageOperation = pgEnum('storage_operation', STORAGE_OPERATIONS);

/**
 * The file inventory (issue 15): every object a mission owns, with its size and SHA-256 and the
 * copy in each tier. `sha256` is what the file should hold; the local copy is `ok`, `missing` or
 * `corrupt` against it, the cloud copy is verified when `cloudSha256` equals it. Rows come from
 * walking the mission's keys (storage-sync/inventory.ts), so every writer is covered.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    localState: localFileState().notNull().default('ok'),
    /** The local file's modification time when last hashed: a different one means re-read it. */
    localModifiedAt: timestamp({ withTimezone: true }),
    localVerifiedAt: timestamp({ withTimezone: true }),
    cloudSize: bigint({ mode: 'number' }),
    cloudSha256: text(),
    cloudVerifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_file_key').on(t.key),
    index('stored_file_mission_idx').on(t.missionId, t.key),
    check('stored_file_size_non_negative', sql`${t.size} >= 0`),
  ],
);

/**
 * A mission's cloud state: the operation under way or last run, its persisted progress (the
 * /storage page polls it) and the outcome. One row per mission; its lock serialises starts.
 */
export const missionStorage = pgTable(
  'mission_storage',
  {
    missionId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => mission.id, { onDelete: 'cascade' }),
    operation: storageOperation(),
    /** The job running `operation`; null when none runs. */
    jobId: uuid(),
    filesTotal: integer().notNull().default(0),
    filesDone: integer().notNull().default(0),
    bytesTotal: bigint({ mode: 'number' }).notNull().default(0),
    bytesDone: bigint({ mode: 'number' }).notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why the last operation failed (shown with the 'error' state); null after a success. */
    error: text(),
    lastSyncedAt: timestamp({ withTimezone: true }),
    unsyncedAt: timestamp({ withTimezone: true }),
    /** The last scheduled verification that found damage (verify-sample.ts): when, and what (an encoded message key). */
    checkedAt: timestamp({ withTimezone: true }),
    checkReport: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
);
