import 'server-only';
import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import { RESTORE_CONTENT_TYPES, RESTORE_MAX_BYTES, type RestoreMissionResult } from '@/lib/shared/api/endpoints/mission-backups';
import { recordAudit } from '../../audit/record-audit';
import { auditEvent, building, company, customer, dataset, mission, missionShare, missionTag, tag } from '../../db/schema';
import { inTransaction, type DomainContext, type Tx } from '../../domain/context';
import { env } from '../../env';
import { AppError, versionConflict } from '../../errors';
import { storage as appStorage } from '../../storage';
import { joinKey } from '../../storage/keys';
import type { Storage } from '../../storage/types';
import { assertUpload } from '../../storage/upload-guard';
import { requireBackupAccess, requireRestoreOfMissing } from './access';
import { missionFilesPrefix } from './make-backup';
import { refuse } from './manifest';
import { readBackupArchive, type ReadArchive } from './read-archive';
import type { BackupRecords } from './records';
import { CONTENT_TABLES, replaceContent, type RestoredContent } from './restore-content';
import { datasetLinks, relinkDatasets, REVIEW_TABLES, replaceReview, type RestoredReview } from './restore-review';

export interface RestoreMissionInput {
  missionId: number;
  /** The mission's current version; required when the mission exists. */
  version?: number;
  /** The archive's bytes (the request body). */
  body: Readable;
  contentType: string | null;
  /** Declared length (Content-Length), if any. */
  size: number | null;
}

/**
 * spec §2 "restore" (docs/adr/0006-mission-backup.md): replaces the mission's records with those of a
 * backup archive of the SAME mission (by id; the archive's mission id must match). Internal users
 * only. In order: authorize and check the version before reading a byte; read and validate the whole
 * archive (read-archive.ts) while its files go to a scratch prefix; then ONE transaction locks the
 * mission, checks the version again, checks that everything the records refer to exists, replaces
 * the mission row, buildings, tags, shares and datasets (and, from format 2, the viewer's items,
 * rendered slices and tours: restore-content.ts; from format 3, the blurring review's images and
 * the panelizer's projects: restore-review.ts), adds audit events the trail lacks, moves
 * the files into place and records a `restore` audit event. Any failure rolls all records back.
 * A mission that no longer exists is recreated with its id.
 */
export async function restoreMission(ctx: DomainContext, input: RestoreMissionInput, deps: { storage?: Storage } = {}): Promise<RestoreMissionResult> {
  const { missionId, version } = input;
  const store = deps.storage ?? appStorage();
  await authorize(ctx, missionId, version);
  assertUpload({ size: input.size, maxBytes: RESTORE_MAX_BYTES, contentType: input.contentType, allowed: RESTORE_CONTENT_TYPES });

  const scratchPrefix = `${joinKey('tmp', 'restores', randomUUID())}/`;
  try {
    // pipeline (not pipe) so a broken upload fails the read instead of leaving it waiting.
    const bounded = pipeline(input.body, new ByteLimit(RESTORE_MAX_BYTES), () => undefined);
    const { RESTORE_MAX_EXPANSION_RATIO, RESTORE_MAX_RECORD_BYTES, RESTORE_MAX_RECORDS } = env();
    const limits = { expansionRatio: RESTORE_MAX_EXPANSION_RATIO, recordBytes: RESTORE_MAX_RECORD_BYTES, recordsPerSet: RESTORE_MAX_RECORDS };
    const archive = await readBackupArchive(bounded, { storage: store, scratchPrefix, limits });
    if (archive.manifest.missionId !== missionId) {
      throw refuse('mission', `This archive is a backup of mission ${archive.manifest.missionId}, not of mission ${missionId}`, { archiveMissionId: archive.manifest.missionId });
    }
    return await inTransaction(ctx, (tx) => write(tx, missionId, version, archive, store));
  } finally {
    await store.deletePrefix(scratchPrefix).catch(() => undefined);
  }
}

async function authorize(ctx: DomainContext, missionId: number, version: number | undefined): Promise<void> {
  const [existing] = await ctx.db.select({ version: mission.version }).from(mission).where(eq(mission.id, missionId));
  if (!existing) return requireRestoreOfMissing(ctx, missionId);
  await requireBackupAccess(ctx, missionId);
  if (version === undefined) throw new AppError('validation', 'invalid input', { fields: { version: ['errors.missions.versionRequired'] } });
  if (existing.version !== version) throw versionConflict('mission');
}

async function write(tx: DomainContext & { db: Tx }, missionId: number, version: number | undefined, archive: ReadArchive, store: Storage): Promise<RestoreMissionResult> {
  const { records } = archive;
  const [current] = await tx.db.select().from(mission).where(eq(mission.id, missionId)).for('update');
  if (current) {
    await requireBackupAccess(tx, missionId);
    if (version === undefined || current.version !== version) throw versionConflict('mission');
  } else {
    requireRestoreOfMissing(tx, missionId);
  }
  await assertReferences(tx, records);

  let content: RestoredContent | null = null;
  let review: RestoredReview | null = null;
  try {
    const { id: _id, version: archivedVersion, backupState: _state, backedUpAt: _at, updatedAt: _updated, ...fields } = records.mission;
    void [_id, _state, _at, _updated];
    const nextVersion = (current?.version ?? archivedVersion) + 1;
    if (current) {
      await tx.db.update(mission).set({ ...fields, updatedAt: sql`now()`, version: nextVersion }).where(eq(mission.id, missionId));
    } else {
      await tx.db.insert(mission).overridingSystemValue().values({ ...fields, id: missionId, version: nextVersion });
    }
    await tx.db.delete(building).where(eq(building.missionId, missionId));
    if (records.buildings.length) await tx.db.insert(building).overridingSystemValue().values(records.buildings);
    await tx.db.delete(missionTag).where(eq(missionTag.missionId, missionId));
    const tagIds = await resolveTags(tx, records.tags);
    if (tagIds.length) await tx.db.insert(missionTag).values(tagIds.map((tagId) => ({ missionId, tagId })));
    await tx.db.delete(missionShare).where(eq(missionShare.missionId, missionId));
    if (records.shares.length) await tx.db.insert(missionShare).values(records.shares);
    const links = await datasetLinks(tx, missionId);
    await tx.db.delete(dataset).where(eq(dataset.missionId, missionId));
    if (records.datasets.length) await tx.db.insert(dataset).overridingSystemValue().values(records.datasets);
    await relinkDatasets(tx, links, new Set(records.datasets.map((d) => d.id)));
    // The trail is append-only: a restore never rewrites it, it only brings back events it lacks.
    if (records.auditEvents.length) await tx.db.insert(auditEvent).overridingSystemValue().values(records.auditEvents).onConflictDoNothing();
    // Images before tours: a tour's panorama settings hang on an image.
    review = await replaceReview(tx, missionId, records);
    content = await replaceContent(tx, missionId, records);
    for (const table of ['mission', 'building', 'dataset', 'audit_event', ...CONTENT_TABLES, ...REVIEW_TABLES]) await keepSequenceAhead(tx, table);
  } catch (err) {
    throw asRefusal(err);
  }

  // Last, so a failed move still rolls the records back; replaced files cannot be rolled back (ADR 0006).
  for (const file of archive.files) await store.move(file.stagedKey, joinKey(missionFilesPrefix(missionId).slice(0, -1), file.relativeKey));

  const [after] = await tx.db.select({ version: mission.version }).from(mission).where(eq(mission.id, missionId));
  const result: RestoreMissionResult = {
    missionId,
    version: after!.version,
    backupCreatedAt: archive.manifest.createdAt,
    recreated: !current,
    restored: {
      buildings: records.buildings.length,
      tags: records.tags.length,
      shares: records.shares.length,
      datasets: records.datasets.length,
      files: archive.files.length,
      // null: a format-1 archive, which left these as they were.
      measurements: content?.measurements ?? null,
      renderedSlices: content?.renderedSlices ?? null,
      tours: content?.tours ?? null,
      // null: a format-1 or -2 archive, which left these as they were.
      images: review?.images ?? null,
      panelizerProjects: review?.panelizerProjects ?? null,
    },
  };
  await recordAudit(tx, {
    entity: 'mission',
    entityId: missionId,
    missionId,
    action: 'restore',
    diff: { backupCreatedAt: archive.manifest.createdAt, versionBefore: current?.version ?? null, recreated: !current, restored: result.restored },
  });
  return result;
}

/** Everything the records point at outside the mission must exist: refused (422) before any write otherwise. */
async function assertReferences(tx: DomainContext, records: BackupRecords): Promise<void> {
  const m = records.mission;
  const [found] = await tx.db.select({ id: company.id }).from(company).where(eq(company.id, m.companyId));
  if (!found) throw refuse('reference', `The company ${m.companyId} of the backup no longer exists`, { companyId: m.companyId });
  const customerIds = [...new Set([m.customerId, m.subCustomerId, ...records.shares.map((s) => s.customerId)].filter((v): v is number => v !== null))];
  if (customerIds.length === 0) return;
  const present = new Set((await tx.db.select({ id: customer.id }).from(customer).where(inArray(customer.id, customerIds))).map((c) => c.id));
  const missing = customerIds.filter((cid) => !present.has(cid));
  if (missing.length) throw refuse('reference', `Customers of the backup no longer exist: ${missing.join(', ')}`, { customerIds: missing });
}

/** Tags are shared by all missions: the same tag by id and name, else the tag of that name, else a new one. */
async function resolveTags(tx: DomainContext, tags: BackupRecords['tags']): Promise<number[]> {
  const ids: number[] = [];
  for (const t of tags) {
    const [same] = await tx.db.select({ id: tag.id }).from(tag).where(sql`${tag.id} = ${t.id} and lower(${tag.name}) = lower(${t.name})`);
    const [named] = same ? [same] : await tx.db.select({ id: tag.id }).from(tag).where(sql`lower(${tag.name}) = lower(${t.name})`);
    const [created] = named ? [named] : await tx.db.insert(tag).values({ name: t.name, color: t.color }).returning({ id: tag.id });
    ids.push(created!.id);
  }
  return [...new Set(ids)];
}

/** Rows inserted with their archived ids must not collide with ids the sequence hands out later. */
async function keepSequenceAhead(tx: DomainContext, table: string): Promise<void> {
  const t = sql.raw(`"${table}"`);
  await tx.db.execute(sql`
    select setval(seq, max_id) from (
      select pg_get_serial_sequence(${table}, 'id')::regclass as seq, (select max(id) from ${t}) as max_id
    ) s
    where max_id is not null and max_id > coalesce(pg_sequence_last_value(seq), 0)`);
}

/** A constraint the archive's rows break (an id or dataset id used elsewhere, a check) is the archive's fault: 422. */
function asRefusal(err: unknown): unknown {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (typeof pg.code === 'string' && /^23\d{3}$/.test(pg.code)) {
      return refuse('record', `The archive's records conflict with this database (${String(pg.constraint ?? pg.code)})`, { constraint: pg.constraint ?? null });
    }
  }
  return err;
}

/** Bounds the upload as bytes arrive (a Content-Length can lie or be missing). */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) return callback(new AppError('payload_too_large', `The file is larger than ${this.max} bytes`, { maxBytes: this.max }));
    callback(null, chunk);
  }
}
