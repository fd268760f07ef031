import 'server-only';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { createDatasetInput, type DatasetDto } from '@/lib/shared/schemas/dataset';
import { recordAudit } from '../audit/record-audit';
import { requireInternal } from '../auth/guards';
import { dataset, mission } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parsedBy } from '../domain/validate';
import { AppError, notFound } from '../errors';
import { toDatasetDto } from './dataset-dto';

/** Registers a scan of a mission (the upload and processing issues drive its status later). */
export async function createDataset(ctx: DomainContext, data: z.output<typeof createDatasetInput>): Promise<DatasetDto> {
  requireInternal(ctx.actor, 'register datasets');
  return inTransaction(ctx, async (tx) => {
    const [target] = await tx.db.select({ id: mission.id }).from(mission).where(eq(mission.id, data.missionId));
    if (!target) throw notFound('mission');
    const { createdAt, ...fields } = data;
    const row = await tx.db
      .insert(dataset)
      .values({ ...fields, ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) })
      .returning()
      .then((rows) => rows[0]!)
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'dataset_dataset_id_key')) {
          throw new AppError('conflict', 'a dataset with this id exists', { fields: { datasetId: ['errors.missions.alreadyExists'] } }, 'errors.missions.datasetIdTaken');
        }
        throw err;
      });
    await recordAudit(tx, { entity: 'dataset', entityId: row.id, missionId: row.missionId, action: 'create', diff: data });
    return toDatasetDto(row);
  });
}

/** createDataset for JSON-shaped input (seed, tests): parsed with the shared schema first. */
export const createDatasetFromJson = parsedBy(createDatasetInput, createDataset);
