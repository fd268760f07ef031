import 'server-only';
import { sql } from 'drizzle-orm';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import { recordAudit } from '../audit/record-audit';
import { dataset } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { requireDataset } from './dataset-access';
import { byId, touched, withConversions } from './dataset-reads';
import { datasetImportJob } from './import-job';

/** Statuses from which a dataset may be processed again from its raw upload. */
const RESTARTABLE = ['error', 'available', 'checked', 'processed', 'imported', 'unknown'] as const;

/**
 * Imports and converts the raw upload again from the start (after an error or a cancel, or to
 * rebuild a cloud). A dataset being processed must be cancelled first.
 */
export async function restartDataset(ctx: DomainContext, { id }: { id: number }): Promise<DatasetDto> {
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireDataset(tx, id, 'hold', { lock: true });
    if (!row.storageKey) throw new AppError('conflict', 'the dataset has no uploaded file', undefined, 'errors.datasets.noFile');
    if (!(RESTARTABLE as readonly string[]).includes(row.status)) {
      throw new AppError('conflict', `a dataset in status ${row.status} cannot be restarted; cancel it first`, { status: row.status }, 'errors.datasets.notRestartable');
    }
    const [updated] = await tx.db
      .update(dataset)
      .set({ status: 'imported', progress: 0, progressAt: sql`now()`, errorKey: null, errorDetail: null, stalledAt: null, ...touched })
      .where(byId(id))
      .returning();
    await tx.jobs.enqueue(tx.db, datasetImportJob, { datasetId: id }, { missionId: row.missionId, createdBy: tx.actor.kind === 'user' ? tx.actor.identityId : null });
    await recordAudit(tx, { entity: 'dataset', entityId: id, missionId: row.missionId, action: 'restart', diff: { status: [row.status, 'imported'] } });
    return (await withConversions(tx, [updated!]))[0]!;
  });
}
