import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UploadMetadata } from '@/lib/shared/schemas/upload';
import { recordAudit } from '../audit/record-audit';
import { dataset, upload } from '../db/schema';
import { inTransaction, type DomainContext, type Tx } from '../domain/context';
import { AppError } from '../errors';
import { requireMission } from '../missions/visibility';
import { uploadLimits, type UploadLimits } from './limits';
import { fileTooLarge, quotaExceeded } from './upload-errors';

export type UploadRow = typeof upload.$inferSelect;

export interface CreateUploadInput extends UploadMetadata {
  /** The tus upload id. */
  id: string;
  /** Upload-Length. */
  size: number;
}

/** Scans and photos need `upload`; CAD deliverables `uploadCad` (internal users). */
export const capabilityFor = (purpose: UploadMetadata['purpose']) => (purpose === 'cad' ? 'uploadCad' : 'upload');

/** Who uploads: a signed-in user, or an external processor with its token (its results). */
export interface Uploader {
  userId: string | null;
  processorId: number | null;
}

export function uploaderOf(ctx: DomainContext): Uploader {
  if (ctx.actor.kind === 'user') return { userId: ctx.actor.identityId, processorId: null };
  if (ctx.actor.kind === 'processor') return { userId: null, processorId: ctx.actor.processorId };
  throw new AppError('not_authorized', 'Only users and processors upload files');
}

/** Bytes the mission's uploads hold or will hold (unfinished ones count with their declared size). */
async function usedBytes(tx: Tx, missionId: number): Promise<number> {
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${upload.size}), 0)` })
    .from(upload)
    .where(and(eq(upload.missionId, missionId), inArray(upload.state, ['uploading', 'finished'])));
  return Number(row?.used ?? 0);
}

/** The spec's "dataset id" of an uploaded scan: readable and unique, `<mission id>-<yyyymmdd>-<6 hex>`. */
export function newDatasetId(missionId: number, now: Date): string {
  return `${missionId}-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`;
}

/**
 * Registers a resumable upload before any byte is stored: the user may upload to the mission
 * (404/403), the size fits the per-file limit and what remains of the mission's quota (413, checked
 * under the mission's row lock so two creations cannot both take the last bytes). A scan gets its
 * dataset at once (status uploading, progress 0), so "scans" lists it while the bytes arrive.
 */
export async function createUpload(ctx: DomainContext, input: CreateUploadInput, limits: UploadLimits = uploadLimits()): Promise<UploadRow> {
  const uploader = uploaderOf(ctx);
  if (input.size > limits.maxBytes) throw fileTooLarge(input.size, limits.maxBytes);
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, input.missionId, capabilityFor(input.purpose), { lock: true });
    const used = await usedBytes(tx.db, input.missionId);
    if (used + input.size > limits.quotaBytes) throw quotaExceeded(input.size, used, limits.quotaBytes);
    const now = ctx.clock.now();
    let datasetRowId: number | null = null;
    if (input.purpose === 'scan') {
      const created = await insertDataset(tx.db, { missionId: input.missionId, type: input.datasetType ?? 'unknown', filename: input.filename, ...uploader, now });
      datasetRowId = created.id;
      await recordAudit(tx, { entity: 'dataset', entityId: created.id, missionId: input.missionId, action: 'create', diff: { datasetId: created.datasetId, type: created.type, filename: input.filename, uploadId: input.id } });
    }
    const [row] = await tx.db
      .insert(upload)
      .values({
        id: input.id,
        missionId: input.missionId,
        ...uploader,
        purpose: input.purpose,
        filename: input.filename,
        size: input.size,
        datasetId: datasetRowId,
        expiresAt: new Date(now.getTime() + limits.expiryMs),
      })
      .returning();
    await recordAudit(tx, { entity: 'upload', entityId: input.id, missionId: input.missionId, action: 'create', diff: { purpose: input.purpose, filename: input.filename, size: input.size } });
    return row!;
  });
}

async function insertDataset(db: Tx, values: Uploader & { missionId: number; type: NonNullable<UploadMetadata['datasetType']>; filename: string; now: Date }) {
  // A clash of the random part is unlikely but possible: try again with a new one.
  for (let attempt = 0; ; attempt += 1) {
    const [row] = await db
      .insert(dataset)
      .values({
        datasetId: newDatasetId(values.missionId, values.now),
        missionId: values.missionId,
        type: values.type,
        status: 'uploading',
        progress: 0,
        filename: values.filename,
        uploadedBy: values.userId,
        processorId: values.processorId,
        progressAt: values.now,
        lastSeenAt: values.now,
      })
      .onConflictDoNothing({ target: dataset.datasetId })
      .returning();
    if (row) return row;
    if (attempt >= 5) throw new Error('could not find a free dataset id');
  }
}
