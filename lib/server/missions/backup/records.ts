import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { polygonSchema, BUILDING_TYPES } from '@/lib/shared/schemas/building';
import { DATASET_STATUSES, DATASET_TYPES } from '@/lib/shared/schemas/dataset';
import {
  ADDITIONAL_PRODUCTS,
  BACKUP_STATES,
  CLOUD_SYNC_STATES,
  MISSION_NAME_MAX_LENGTH,
  MISSION_NAME_MIN_LENGTH,
  MISSION_PRIORITIES,
  MISSION_PRODUCTS,
  MISSION_STATUSES,
  PIPELINE_STATUSES,
  PROJECT_STEPS,
} from '@/lib/shared/schemas/mission';
import { auditEvent, building, dataset, mission, missionShare, missionTag, tag } from '../../db/schema';
import type { DomainContext } from '../../domain/context';
import { collectContentRecords, contentRecordSchemas, type ContentRecords } from './content-records';
import { refuse } from './manifest';
import { collectReviewRecords, reviewRecordSchemas, type ReviewRecords } from './review-records';
import type { SameKeys } from './same-keys';

/*
 * The records of a backup, one zod schema per record set (docs/adr/0006-mission-backup.md). They
 * mirror the table columns exactly (strict objects: an unknown field is refused, a missing one
 * too), parse ISO strings back into Dates, and apply the same domain limits as the database's
 * check constraints, so a bad record is refused before the restore transaction starts.
 */

const id = z.number().int().positive();
const identity = z.uuid();
const ts = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
const day = z.iso.date();
const text = z.string().max(10_000);
const version = z.number().int().positive();

export const missionRecord = z.strictObject({
  id,
  name: z.string().min(MISSION_NAME_MIN_LENGTH).max(MISSION_NAME_MAX_LENGTH),
  companyId: id,
  customerId: id.nullable(),
  subCustomerId: id.nullable(),
  internalReference: text.nullable(),
  customerReference: text.nullable(),
  orderConfirmationNumber: text.nullable(),
  ownerId: identity.nullable(),
  assigneeId: identity.nullable(),
  priority: z.enum(MISSION_PRIORITIES),
  status: z.enum(MISSION_STATUSES),
  pipelineStatus: z.enum(PIPELINE_STATUSES),
  step: z.enum(PROJECT_STEPS),
  ready: z.boolean(),
  approved: z.boolean(),
  cloudOnline: z.boolean(),
  address: text.nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  products: z.array(z.enum(MISSION_PRODUCTS)).min(1),
  additionalProducts: z.array(z.enum(ADDITIONAL_PRODUCTS)),
  scanAppointment: ts.nullable(),
  startFromOffice: ts.nullable(),
  createdBy: identity.nullable(),
  deliveredOn: ts.nullable(),
  deliveryDate: day.nullable(),
  pclDeliveryDate: day.nullable(),
  cadDeliveryDate: day.nullable(),
  externalDeliveryDate: day.nullable(),
  externalMissionStatus: text.nullable(),
  externalOrderReference: text.nullable(),
  description: text.nullable(),
  pclTeamDescription: text.nullable(),
  scanOperatorNotes: text.nullable(),
  blurringInstructions: text.nullable(),
  closed: z.boolean(),
  hidden: z.boolean(),
  onHold: z.boolean(),
  backupState: z.enum(BACKUP_STATES),
  backedUpAt: ts.nullable(),
  cloudSyncState: z.enum(CLOUD_SYNC_STATES),
  cloudSyncedAt: ts.nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const buildingRecord = z.strictObject({
  id,
  missionId: id,
  name: z.string().trim().min(1).max(200),
  type: z.enum(BUILDING_TYPES),
  footprint: polygonSchema,
  groundArea: z.number().nonnegative(),
  facadeArea: z.number().nonnegative(),
  perimeter: z.number().nonnegative(),
  levels: z.number().int().min(1),
  storeyHeight: z.number().positive(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

/** A tag attached to the mission: the tag itself (tags are shared by all missions). */
export const tagRecord = z.strictObject({
  id,
  name: z.string().trim().min(1).max(100),
  color: z.string().regex(/^#[0-9a-f]{6}$/).nullable(),
});

export const shareRecord = z.strictObject({
  missionId: id,
  customerId: id,
  sharedBy: identity.nullable(),
  sharedAt: ts,
});

const xyz = z.tuple([z.number(), z.number(), z.number()]);
const boundsRecord = z.strictObject({ min: xyz, max: xyz });
const crsRecord = z.strictObject({ wkt: z.string().max(100_000).optional(), epsg: z.number().int().positive().optional(), units: z.enum(['m', 'ft', 'us-ft']) });

export const datasetRecord = z.strictObject({
  id,
  datasetId: z.string().min(1).max(100),
  missionId: id,
  type: z.enum(DATASET_TYPES),
  status: z.enum(DATASET_STATUSES),
  lastSeenAt: ts.nullable(),
  progress: z.number().min(0).max(100),
  storageKey: z.string().min(1).max(1024).nullable(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  filename: z.string().max(1000).nullable(),
  uploadedBy: identity.nullable(),
  format: z.string().max(20).nullable(),
  pointFormat: z.number().int().min(0).max(10).nullable(),
  pointCount: z.number().int().nonnegative().nullable(),
  bounds: boundsRecord.nullable(),
  crs: crsRecord.nullable(),
  cloudPrefix: z.string().min(1).max(1024).nullable(),
  cloudBytes: z.number().int().nonnegative().nullable(),
  errorKey: z.string().max(200).nullable(),
  errorDetail: text.nullable(),
  progressAt: ts.nullable(),
  stalledAt: ts.nullable(),
  checkedBy: identity.nullable(),
  checkedAt: ts.nullable(),
  processorId: z.number().int().positive().nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const auditEventRecord = z.strictObject({
  id,
  at: ts,
  actorId: identity.nullable(),
  entity: z.string().min(1).max(100),
  entityId: z.string().min(1).max(200),
  action: z.string().min(1).max(100),
  missionId: id.nullable(),
  diff: z.record(z.string(), z.unknown()),
  requestId: z.string().max(200).nullable(),
});

type CoreRecords = {
  mission: z.output<typeof missionRecord>;
  buildings: z.output<typeof buildingRecord>[];
  tags: z.output<typeof tagRecord>[];
  shares: z.output<typeof shareRecord>[];
  datasets: z.output<typeof datasetRecord>[];
  auditEvents: z.output<typeof auditEventRecord>[];
};
/** What a backup writes (format version 3). */
export type CompleteRecords = CoreRecords & ContentRecords & ReviewRecords;
/** What an archive holds: a version-1 archive lacks the content sets, a version-2 one the review sets (a restore then leaves those tables alone). */
export type BackupRecords = CoreRecords & Partial<ContentRecords> & Partial<ReviewRecords>;

// The schemas must cover every column (a new column would otherwise silently be lost on restore).
type Columns<T> = Exclude<keyof T, 'searchText'>;
const covered: [
  SameKeys<Columns<typeof mission.$inferSelect>, keyof z.output<typeof missionRecord>>,
  SameKeys<keyof typeof building.$inferSelect, keyof z.output<typeof buildingRecord>>,
  SameKeys<keyof typeof missionShare.$inferSelect, keyof z.output<typeof shareRecord>>,
  SameKeys<keyof typeof dataset.$inferSelect, keyof z.output<typeof datasetRecord>>,
  SameKeys<keyof typeof auditEvent.$inferSelect, keyof z.output<typeof auditEventRecord>>,
] = [true, true, true, true, true];
void covered;

/**
 * Reads the mission's records as they are now, in a stable order. Run it in one transaction
 * (REPEATABLE READ) so the sets are a consistent snapshot.
 */
export async function collectRecords(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<CompleteRecords | null> {
  const { db } = ctx;
  const [row] = await db.select().from(mission).where(eq(mission.id, missionId));
  if (!row) return null;
  const { searchText: _generated, ...missionRow } = row;
  void _generated;
  const buildings = await db.select().from(building).where(eq(building.missionId, missionId)).orderBy(asc(building.id));
  const tags = await db
    .select({ id: tag.id, name: tag.name, color: tag.color })
    .from(missionTag)
    .innerJoin(tag, eq(tag.id, missionTag.tagId))
    .where(eq(missionTag.missionId, missionId))
    .orderBy(asc(tag.id));
  const shares = await db.select().from(missionShare).where(eq(missionShare.missionId, missionId)).orderBy(asc(missionShare.customerId));
  const datasets = await db.select().from(dataset).where(eq(dataset.missionId, missionId)).orderBy(asc(dataset.id));
  const auditEvents = await db.select().from(auditEvent).where(eq(auditEvent.missionId, missionId)).orderBy(asc(auditEvent.id));
  return { mission: missionRow, buildings, tags, shares, datasets, auditEvents, ...(await collectContentRecords(ctx, missionId)), ...(await collectReviewRecords(ctx, missionId)) };
}

/** The schema of one record of each set (the files hold one mission object and arrays of the rest). */
export const recordItemSchemas = {
  mission: missionRecord,
  buildings: buildingRecord,
  tags: tagRecord,
  shares: shareRecord,
  datasets: datasetRecord,
  auditEvents: auditEventRecord,
  ...contentRecordSchemas,
  ...reviewRecordSchemas,
} as const;

/** Parses one record (index null: the mission object); a failure names the set, the record and the first problems. */
export function parseRecord(set: keyof typeof recordItemSchemas, value: unknown, index: number | null): unknown {
  const parsed = recordItemSchemas[set].safeParse(value);
  if (parsed.success) return parsed.data;
  const where = index === null ? [] : [index];
  const issues = parsed.error.issues.slice(0, 20).map((i) => `${[...where, ...i.path].join('.')}: ${i.message}`);
  throw refuse('record', `The ${set} records of the archive are invalid`, { set, issues });
}
