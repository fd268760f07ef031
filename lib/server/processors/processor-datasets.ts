import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { processorDatasetSchema, processorReportBody } from '@/lib/shared/schemas/processor';
import { recordAudit } from '../audit/record-audit';
import { dataset } from '../db/schema';
import type { DatasetRow } from '../datasets/dataset-dto';
import { tellMissionOwner } from '../datasets/dataset-notices';
import { inTransaction, type DomainContext } from '../domain/context';
import { notFound } from '../errors';
import type { ProcessorRow } from './processor-token';

type ProcessorDataset = z.output<typeof processorDatasetSchema>;

/** By default a processor sees the raw scanner data waiting for it and what it is working on. */
const DEFAULT_STATUSES = ['imported', 'slamed', 'superframe_ready'] as const;

const toDto = (r: DatasetRow): ProcessorDataset => ({
  id: r.id,
  datasetId: r.datasetId,
  missionId: r.missionId,
  status: r.status,
  progress: r.progress,
  format: r.format,
  filename: r.filename,
  sizeBytes: r.sizeBytes,
  downloadUrl: r.storageKey ? `/api/v2/processor/datasets/${encodeURIComponent(r.datasetId)}/file` : null,
  lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
});

export async function listProcessorDatasets(ctx: DomainContext, statuses?: DatasetRow['status'][]): Promise<ProcessorDataset[]> {
  const rows = await ctx.db
    .select()
    .from(dataset)
    .where(inArray(dataset.status, statuses?.length ? statuses : [...DEFAULT_STATUSES]))
    .orderBy(dataset.createdAt, dataset.id)
    .limit(500);
  return rows.map(toDto);
}

export async function processorDatasetRow(ctx: DomainContext, datasetId: string): Promise<DatasetRow> {
  const [row] = await ctx.db.select().from(dataset).where(eq(dataset.datasetId, datasetId));
  if (!row) throw notFound('dataset');
  return row;
}

/**
 * A processor's report: its status (error with the processor's message as the reason), progress
 * and a sign of life. Audited as the processor; the mission owner hears about an error.
 */
export async function reportDataset(
  ctx: DomainContext,
  processor: ProcessorRow,
  { datasetId, body }: { datasetId: string; body: z.output<typeof processorReportBody> },
): Promise<ProcessorDataset> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(dataset).where(eq(dataset.datasetId, datasetId)).for('update');
    if (!row) throw notFound('dataset');
    const status = body.status ?? row.status;
    const changed = status !== row.status;
    const [updated] = await tx.db
      .update(dataset)
      .set({
        status,
        ...(body.progress !== undefined ? { progress: body.progress, progressAt: sql`now()` } : {}),
        ...(changed ? { progressAt: sql`now()`, ...(status === 'error' ? { errorKey: 'errors.datasets.processorFailed', errorDetail: body.message ?? null } : { errorKey: null, errorDetail: null }) } : {}),
        lastSeenAt: sql`now()`,
        stalledAt: null,
        processorId: processor.id,
        updatedAt: sql`now()`,
        version: sql`${dataset.version} + 1`,
      })
      .where(and(eq(dataset.id, row.id)))
      .returning();
    if (changed) {
      await recordAudit(tx, { entity: 'dataset', entityId: row.id, missionId: row.missionId, action: 'processorReport', diff: { status: [row.status, status], processor: processor.name } });
      if (status === 'error') await tellMissionOwner(tx.db, row.missionId, 'failed', row.datasetId, body.message);
    }
    return toDto(updated!);
  });
}
