import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { startConversion } from '../conversions/start-conversion';
import { dataset } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { jobDomainContext } from '../domain/contexts';
import { PermanentJobError, type JobHandler } from '../jobs/define';
import { storageSource } from '../pointcloud/byte-source';
import { openPointSource } from '../pointcloud/open-source';
import { PointCloudError } from '../pointcloud/types';
import { tellMissionOwner } from './dataset-notices';
import type { datasetImportJob } from './import-job';

const touched = { updatedAt: sql`now()`, version: sql`${dataset.version} + 1` };
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * dataset.import: the raw scan is read as far as its header (format, declared points and bounds,
 * point format, CRS), the dataset becomes imported and its conversion is queued. Raw scanner data
 * in a ZIP is for the external processors (SLAM): it stays imported until one reports on it.
 */
export const datasetImportHandler: JobHandler<typeof datasetImportJob.schema> = {
  async run({ datasetId }, job) {
    const ctx = jobDomainContext(job);
    const [row] = await ctx.db.select().from(dataset).where(eq(dataset.id, datasetId));
    if (!row) return { skipped: 'gone' };
    if (!row.storageKey) throw new PermanentJobError(`dataset ${datasetId} has no file`);
    try {
      const bytes = await storageSource(ctx.storage, row.storageKey);
      const head = await bytes.read(0, 4);
      if (ZIP.every((b, i) => head[i] === b)) {
        await imported(ctx, row.id, row.missionId, { format: 'zip' });
        return { format: 'zip' };
      }
      const source = await openPointSource(bytes);
      const { header } = source;
      await source.close();
      if (header.declaredPointCount === 0) throw new PointCloudError('noPoints', 'the file declares no points');
      await imported(
        ctx,
        row.id,
        row.missionId,
        { format: header.format, pointFormat: header.pointFormat ?? null, pointCount: header.declaredPointCount, bounds: header.declaredBounds ?? null, crs: header.crs },
        row.storageKey,
      );
      return { format: header.format, declaredPoints: header.declaredPointCount };
    } catch (err) {
      const final = err instanceof PointCloudError || err instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      if (final) {
        const key = err instanceof PointCloudError ? `errors.pointcloud.${err.code}` : 'errors.datasets.importFailed';
        await importFailed(ctx, row.id, row.missionId, row.datasetId, key, err instanceof Error ? err.message : String(err));
        throw new PermanentJobError(err instanceof Error ? err.message : String(err));
      }
      throw err;
    }
  },
};

type HeaderFacts = Partial<Pick<typeof dataset.$inferInsert, 'format' | 'pointFormat' | 'pointCount' | 'bounds' | 'crs'>>;

async function imported(ctx: DomainContext, id: number, missionId: number, facts: HeaderFacts, convertKey?: string) {
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .update(dataset)
      .set({ ...facts, status: 'imported', progress: 0, progressAt: sql`now()`, lastSeenAt: sql`now()`, errorKey: null, errorDetail: null, stalledAt: null, cloudPrefix: null, cloudBytes: null, ...touched })
      .where(eq(dataset.id, id));
    await recordAudit(tx, { entity: 'dataset', entityId: id, missionId, action: 'imported', diff: { format: facts.format, pointCount: facts.pointCount ?? null } });
    if (convertKey) await startConversion(tx, { missionId, datasetId: id, inputs: [convertKey], sourceDatasetIds: [id] });
  });
}

async function importFailed(ctx: DomainContext, id: number, missionId: number, datasetId: string, errorKey: string, detail: string) {
  await inTransaction(ctx, async (tx) => {
    await tx.db.update(dataset).set({ status: 'error', errorKey, errorDetail: detail.slice(0, 2000), progressAt: sql`now()`, ...touched }).where(eq(dataset.id, id));
    await recordAudit(tx, { entity: 'dataset', entityId: id, missionId, action: 'error', diff: { errorKey } });
    await tellMissionOwner(tx.db, missionId, 'failed', datasetId);
  });
}
