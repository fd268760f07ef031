import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONTENT_TYPES, type ContentKind } from '@/lib/shared/schemas/upload';
import { recordAudit } from '../audit/record-audit';
import { registerImage } from '../blurring/register-image';
import { datasetImportJob } from '../datasets/import-job';
import { dataset, mission, missionFile, upload } from '../db/schema';
import { inTransaction, type DomainContext, type Tx } from '../domain/context';
import { hashStored } from '../storage/hash-stored';
import { joinKey, safeSegment } from '../storage/keys';
import type { Storage } from '../storage/types';
import type { UploadRow } from './create-upload';
import { takeDigest } from './running-digest';
import type { TusArea } from './tus-area';

/** Where a finished upload's file lives for good. */
export const finalKeyOf = (row: Pick<UploadRow, 'id' | 'missionId' | 'filename'>) => joinKey('missions', row.missionId, 'uploads', row.id, safeSegment(row.filename));

/** The stored bytes' SHA-256 and size: from the running digest when every byte was followed, else read back. */
async function digestOf(storage: Storage, key: string, row: Pick<UploadRow, 'id' | 'size'>): Promise<{ sha256: string; size: number }> {
  const followed = await takeDigest(row.id, row.size);
  if (followed && (await storage.head(key))?.size === row.size) return { sha256: followed, size: row.size };
  return hashStored(storage, key);
}

/**
 * The finish hook: runs when the last byte of an upload arrived (offset = size). Hashes the stored
 * bytes (SHA-256, kept while they arrived where it could be), moves them to
 * `missions/<mission>/uploads/<upload>/<filename>` through the storage driver, then in one
 * transaction records the mission file, marks the upload finished, gives a scan's dataset its
 * storage key and size and queues `dataset.import` for it, moves the mission created/in_progress →
 * uploaded for a scan, and audits. Idempotent: a second call (a retried request after a crash
 * between the move and the commit) completes what is missing.
 */
export async function finishUpload(ctx: DomainContext, row: UploadRow, area: TusArea): Promise<UploadRow> {
  const finalKey = finalKeyOf(row);
  const staged = area.stagedKey(row.id);
  const source = (await ctx.storage.head(staged)) ? staged : finalKey;
  const { sha256, size } = await digestOf(ctx.storage, source, row);
  if (source === staged) await area.promote(ctx.storage, row.id, finalKey);
  const kind = (row.contentKind ?? 'las') as ContentKind;
  return inTransaction(ctx, async (tx) => {
    // The mission's row lock first, as createUpload takes it: the rows inserted below hold a key-share
    // lock on the mission, and two finishes upgrading theirs to the status update would deadlock.
    await tx.db.select({ id: mission.id }).from(mission).where(eq(mission.id, row.missionId)).for('update');
    const [current] = await tx.db.select().from(upload).where(eq(upload.id, row.id)).for('update');
    if (!current || current.state !== 'uploading') return current ?? row;
    const now = ctx.clock.now();
    const [file] = await tx.db
      .insert(missionFile)
      .values({ missionId: row.missionId, kind: row.purpose, filename: row.filename, storageKey: finalKey, sizeBytes: size, sha256, contentType: CONTENT_TYPES[kind], uploadedBy: row.userId, datasetId: row.datasetId })
      .returning({ id: missionFile.id });
    const [finished] = await tx.db
      .update(upload)
      .set({ state: 'finished', contentKind: row.contentKind, offset: row.size, storageKey: finalKey, sha256, updatedAt: now, version: sql`${upload.version} + 1` })
      .where(eq(upload.id, row.id))
      .returning();
    await recordAudit(tx, { entity: 'upload', entityId: row.id, missionId: row.missionId, action: 'finish', diff: { storageKey: finalKey, sizeBytes: size, sha256, missionFileId: file!.id } });
    if (row.datasetId !== null) {
      await tx.db
        .update(dataset)
        .set({ storageKey: finalKey, sizeBytes: size, progress: 100, progressAt: now, lastSeenAt: now, updatedAt: now, version: sql`${dataset.version} + 1` })
        .where(eq(dataset.id, row.datasetId));
      await recordAudit(tx, { entity: 'dataset', entityId: row.datasetId, missionId: row.missionId, action: 'upload', diff: { storageKey: finalKey, sizeBytes: size, sha256 } });
      await tx.jobs.enqueue(tx.db, datasetImportJob, { datasetId: row.datasetId }, { missionId: row.missionId, createdBy: row.userId });
    }
    if (row.purpose === 'tour-image' || row.purpose === 'photo') {
      await registerImage(tx, { missionId: row.missionId, missionFileId: file!.id, purpose: row.purpose, filename: row.filename, uploadedBy: row.userId });
    }
    if (row.purpose === 'scan') await markMissionUploaded(tx, row.missionId);
    return finished!;
  });
}

/** spec §2: a mission whose scans arrived is "uploaded" (from created or in_progress; later states stay). */
async function markMissionUploaded(tx: DomainContext & { db: Tx }, missionId: number): Promise<void> {
  const [before] = await tx.db.select({ status: mission.status }).from(mission).where(eq(mission.id, missionId)).for('update');
  if (!before || (before.status !== 'created' && before.status !== 'in_progress')) return;
  await tx.db
    .update(mission)
    .set({ status: 'uploaded', updatedAt: sql`now()`, version: sql`${mission.version} + 1` })
    .where(and(eq(mission.id, missionId), inArray(mission.status, ['created', 'in_progress'])));
  await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: 'update', diff: { status: [before.status, 'uploaded'] } });
}
