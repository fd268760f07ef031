import 'server-only';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import { recordAudit } from '../audit/record-audit';
import { requireInternal } from '../auth/guards';
import { dataset } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { requireDataset } from './dataset-access';
import { byId, touched, withConversions } from './dataset-reads';

/** spec §4 status checked: an internal user confirms an available dataset after looking at it. */
export async function checkDataset(ctx: DomainContext, { id }: { id: number }): Promise<DatasetDto> {
  requireInternal(ctx.actor, 'check datasets');
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireDataset(tx, id, 'read', { lock: true });
    if (row.status === 'checked') return (await withConversions(tx, [row]))[0]!;
    if (row.status !== 'available') throw new AppError('conflict', 'only an available dataset can be checked', { status: row.status }, 'errors.datasets.notAvailable');
    const checkedBy = tx.actor.kind === 'user' ? tx.actor.identityId : null;
    const [updated] = await tx.db.update(dataset).set({ status: 'checked', checkedAt: tx.clock.now(), checkedBy, ...touched }).where(byId(id)).returning();
    await recordAudit(tx, { entity: 'dataset', entityId: id, missionId: row.missionId, action: 'check', diff: { status: [row.status, 'checked'] } });
    return (await withConversions(tx, [updated!]))[0]!;
  });
}
