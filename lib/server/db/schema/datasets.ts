import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DATASET_STATUSES, DATASET_TYPES } from '../../../shared/schemas/dataset';
import type { Bounds, CoordinateSystem } from '../../pointcloud/types';
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
    /** The uploaded file's name as the user chose it. */
    filename: text(),
    /** Identity id of who uploaded it (null for scans registered otherwise). */
    uploadedBy: uuid(),
    /** What the import read from the header and the points: format, counts, bounds, CRS. */
    format: text(),
    pointFormat: smallint(),
    pointCount: bigint({ mode: 'number' }),
    bounds: jsonb().$type<Bounds>(),
    crs: jsonb().$type<CoordinateSystem>(),
    /** Storage prefix of the dataset's own Potree 2.0 cloud (metadata.json, hierarchy.bin, octree.bin). */
    cloudPrefix: text(),
    cloudBytes: bigint({ mode: 'number' }),
    /** Why the dataset is in status error: a message key (errors.pointcloud.*, errors.datasets.*) and the technical detail. */
    errorKey: text(),
    errorDetail: text(),
    /** When a status change last reported progress; the stall check compares it with DATASET_STALL_MINUTES. */
    progressAt: timestamp({ withTimezone: true }),
    stalledAt: timestamp({ withTimezone: true }),
    /** Internal user who marked it checked (spec §4 status checked). */
    checkedBy: uuid(),
    checkedAt: timestamp({ withTimezone: true }),
    /** External processor (SLAM) that reported on it last. */
    processorId: bigint({ mode: 'number' }),
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

export const uploadPurpose = pgEnum('upload_purpose', ['scan', 'tour-image', 'photo', 'cad']);
export const uploadState = pgEnum('upload_state', ['uploading', 'finished', 'cancelled', 'failed']);

/**
 * A resumable (tus) upload: created by POST /api/v2/uploads, bound to the mission and the user who
 * may write it, finished when the last byte arrived and the content check passed.
 */
export const upload = pgTable(
  'upload',
  {
    /** The tus upload id (the last segment of its URL). */
    id: text().primaryKey(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    /** Who uploads: a user (identity id) or an external processor with its token. */
    userId: uuid(),
    processorId: bigint({ mode: 'number' }),
    purpose: uploadPurpose().notNull(),
    filename: text().notNull(),
    /** Declared total size (Upload-Length). */
    size: bigint({ mode: 'number' }).notNull(),
    /** Bytes received so far. */
    offset: bigint({ mode: 'number' }).notNull().default(0),
    state: uploadState().notNull().default('uploading'),
    /** The detected content (las, laz, e57, ply, jpeg, png, zip, dwg, dxf, ifc, pdf). */
    contentKind: text(),
    /** Where the finished file lives. */
    storageKey: text(),
    sha256: text(),
    /** Set for scans: the dataset the upload feeds. */
    datasetId: bigint({ mode: 'number' }).references(() => dataset.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...mutable,
  },
  (t) => [
    index('upload_mission_idx').on(t.missionId, t.createdAt),
    index('upload_state_expires_idx').on(t.state, t.expiresAt),
    check('upload_offset_range', sql`${t.offset} between 0 and ${t.size}`),
    check('upload_has_uploader', sql`${t.userId} is not null or ${t.processorId} is not null`),
  ],
);

export const missionFileKind = pgEnum('mission_file_kind', ['scan', 'tour-image', 'photo', 'cad']);

/** A file a mission owns that users download (spec §2 "downloads"): raw uploads and deliverables. */
export const missionFile = pgTable(
  'mission_file',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    kind: missionFileKind().notNull(),
    filename: text().notNull(),
    storageKey: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    contentType: text().notNull(),
    uploadedBy: uuid(),
    datasetId: bigint({ mode: 'number' }).references(() => dataset.id, { onDelete: 'set null' }),
    ...mutable,
  },
  (t) => [uniqueIndex('mission_file_storage_key').on(t.storageKey), index('mission_file_mission_idx').on(t.missionId, t.kind, t.createdAt)],
);

export const conversionState = pgEnum('conversion_state', ['queued', 'running', 'held', 'succeeded', 'failed', 'cancelled']);
export const conversionStage = pgEnum('conversion_stage', ['count', 'distribute', 'index', 'merge', 'done']);

/**
 * One conversion to Potree 2.0: a dataset's own cloud (datasetId set) or the mission's online
 * point cloud merged from its available datasets (datasetId null). Its stages run as separate jobs
 * (count → distribute → index one job per chunk → merge), so several workers convert one cloud;
 * the state between them lives here and under `workPrefix` in storage.
 */
export const conversion = pgTable(
  'conversion',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    datasetId: bigint({ mode: 'number' }).references(() => dataset.id, { onDelete: 'cascade' }),
    state: conversionState().notNull().default('queued'),
    stage: conversionStage().notNull().default('count'),
    /** Percent, 0–100, over all stages. */
    progress: real().notNull().default(0),
    chunksTotal: integer().notNull().default(0),
    chunksDone: integer().notNull().default(0),
    /** Storage keys of the inputs, in order. */
    inputs: jsonb().$type<string[]>().notNull(),
    /** The datasets the inputs belong to (a mission build merges several). */
    sourceDatasetIds: jsonb().$type<number[]>().notNull().default([]),
    /** What the count stage decided (bounds, chunks); read by the later stages. */
    plan: jsonb().$type<unknown>(),
    /** Chunks whose index job finished; the one that completes the set queues the merge. */
    doneChunks: jsonb().$type<string[]>().notNull().default([]),
    workPrefix: text().notNull(),
    outputPrefix: text().notNull(),
    pointCount: bigint({ mode: 'number' }),
    bounds: jsonb().$type<Bounds>(),
    sizeBytes: bigint({ mode: 'number' }),
    errorKey: text(),
    errorDetail: text(),
    requestedBy: uuid(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    ...mutable,
  },
  (t) => [
    index('conversion_mission_idx').on(t.missionId, t.createdAt),
    index('conversion_dataset_idx').on(t.datasetId, t.createdAt),
    index('conversion_state_idx').on(t.state),
    check('conversion_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * An external processing system (SLAM) that reports dataset status and uploads results with a
 * bearer token an admin issued; only the token's SHA-256 is kept.
 */
export const processor = pgTable(
  'processor',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    tokenSha256: text().notNull(),
    createdBy: uuid(),
    lastSeenAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ...mutable,
  },
  (t) => [uniqueIndex('processor_token_key').on(t.tokenSha256), check('processor_name_not_blank', sql`btrim(${t.name}) <> ''`)],
);
