import 'server-only';
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { dataset } from '../db/schema';
import { env } from '../env';
import type { Executor, JobHandler } from '../jobs/define';
import { tellMissionOwner } from './dataset-notices';
import type { datasetStallCheckJob } from './stall-check-job';

const WORKED_ON = ['uploading', 'imported', 'processing'] as const;

/** Marks the datasets that stalled before `now`; returns how many. */
export async function markStalledDatasets(db: Executor, now: Date, stallMinutes = env().DATASET_STALL_MINUTES): Promise<number> {
  const before = new Date(now.getTime() - stallMinutes * 60_000);
  return db.transaction(async (tx) => {
    const stalled = await tx
      .update(dataset)
      .set({ stalledAt: now, updatedAt: sql`now()`, version: sql`${dataset.version} + 1` })
      .where(and(inArray(dataset.status, [...WORKED_ON]), isNull(dataset.stalledAt), lt(sql`coalesce(${dataset.progressAt}, ${dataset.createdAt})`, before)))
      .returning({ missionId: dataset.missionId, datasetId: dataset.datasetId });
    for (const d of stalled) await tellMissionOwner(tx, d.missionId, 'stalled', d.datasetId);
    return stalled.length;
  });
}

export const datasetStallCheckHandler: JobHandler<typeof datasetStallCheckJob.schema> = {
  async run(_data, job) {
    return { stalled: await markStalledDatasets(job.db, new Date()) };
  },
};
