import 'server-only';
import type { z } from 'zod';
import type { DatasetDto, updateDatasetBody } from '@/lib/shared/schemas/dataset';
import { recordAudit } from '../audit/record-audit';
import { dataset } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { versionConflict } from '../errors';
import { requireDataset } from './dataset-access';
import { byId, touched, withConversions } from './dataset-reads';

/** spec §4 dataset type, chosen at upload and editable afterwards by who may process the mission's scans. */
export async function updateDataset(ctx: DomainContext, { id, body }: { id: number; body: z.output<typeof updateDatasetBody> }): Promise<DatasetDto> {
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireDataset(tx, id, 'hold', { lock: true });
    if (row.version !== body.version) throw versionConflict('dataset');
    if (row.type === body.type) return (await withConversions(tx, [row]))[0]!;
    const [updated] = await tx.db.update(dataset).set({ type: body.type, ...touched }).where(byId(id)).returning();
    await recordAudit(tx, { entity: 'dataset', entityId: id, missionId: row.missionId, action: 'update', diff: { type: [row.type, body.type] } });
    return (await withConversions(tx, [updated!]))[0]!;
  });
}
