import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import { recordAudit } from '../audit/record-audit';
import { CONVERSION_JOB_TYPES } from '../conversions/conversion-jobs';
import { removeConversionOutput } from '../conversions/conversion-files';
import { conversion, dataset, job } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { requireDataset } from './dataset-access';
import { byId, touched, withConversions } from './dataset-reads';
import { datasetImportJob } from './import-job';

const CANCELLABLE = ['imported', 'processing', 'processed'] as const;

/**
 * Cancels the dataset's import or conversion: its jobs are cancelled (a running one is aborted),
 * the conversion's partial output removed, the raw upload kept; the dataset shows status error
 * with the reason 'cancelled' until it is restarted. Who may hold the mission may cancel.
 */
export async function cancelDataset(ctx: DomainContext, { id }: { id: number }): Promise<DatasetDto> {
  const { dto, cancelled } = await inTransaction(ctx, async (tx) => {
    const { row } = await requireDataset(tx, id, 'hold', { lock: true });
    if (!(CANCELLABLE as readonly string[]).includes(row.status)) {
      throw new AppError('conflict', `a dataset in status ${row.status} has nothing to cancel`, { status: row.status }, 'errors.datasets.notCancellable');
    }
    const cancelled = await tx.db
      .update(conversion)
      .set({ state: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${conversion.version} + 1` })
      .where(and(eq(conversion.datasetId, id), inArray(conversion.state, ['queued', 'running', 'held'])))
      .returning();
    await cancelJobs(tx, id, cancelled.map((c) => c.id));
    const [updated] = await tx.db
      .update(dataset)
      .set({ status: 'error', errorKey: 'errors.datasets.cancelled', errorDetail: null, progressAt: sql`now()`, ...touched })
      .where(byId(id))
      .returning();
    await recordAudit(tx, { entity: 'dataset', entityId: id, missionId: row.missionId, action: 'cancel', diff: { status: [row.status, 'error'] } });
    return { dto: (await withConversions(tx, [updated!]))[0]!, cancelled };
  });
  // After the commit: a job still finishing sees the conversion cancelled and removes what it wrote too.
  for (const c of cancelled) await removeConversionOutput(ctx.storage, c);
  return dto;
}

/** The open jobs of the dataset's import and of its conversions. */
async function cancelJobs(ctx: DomainContext, datasetId: number, conversionIds: number[]): Promise<void> {
  const open = await ctx.db
    .select({ id: job.id, type: job.type, input: job.input })
    .from(job)
    .where(and(inArray(job.type, [...CONVERSION_JOB_TYPES, datasetImportJob.name]), inArray(job.state, ['queued', 'running'])));
  for (const j of open) {
    const input = j.input as { datasetId?: number; conversionId?: number };
    const mine = j.type === datasetImportJob.name ? input.datasetId === datasetId : conversionIds.includes(input.conversionId ?? -1);
    if (mine) await ctx.jobs.cancel(ctx.db, j.id);
  }
}
