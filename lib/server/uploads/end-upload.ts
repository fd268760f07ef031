import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { dataset, upload } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import type { UploadRow } from './create-upload';
import { forgetDigest } from './running-digest';
import type { TusArea } from './tus-area';

export type EndReason = 'cancelled' | 'wrong-content' | 'expired';

/**
 * Ends an unfinished upload: its bytes are removed, the row becomes cancelled (termination, expiry)
 * or failed (content refused), and a scan's dataset, which never got its file, is deleted with it.
 * Audited; does nothing to an upload that already finished or ended.
 */
export async function endUpload(ctx: DomainContext, row: Pick<UploadRow, 'id' | 'missionId'>, area: TusArea, reason: EndReason, detail: Record<string, unknown> = {}): Promise<boolean> {
  await area.discard(row.id);
  forgetDigest(row.id);
  return inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(upload).where(and(eq(upload.id, row.id), eq(upload.state, 'uploading'))).for('update');
    if (!current) return false;
    await tx.db
      .update(upload)
      .set({ state: reason === 'wrong-content' ? 'failed' : 'cancelled', datasetId: null, updatedAt: sql`now()`, version: sql`${upload.version} + 1` })
      .where(eq(upload.id, row.id));
    await recordAudit(tx, { entity: 'upload', entityId: row.id, missionId: row.missionId, action: reason === 'cancelled' ? 'cancel' : reason === 'expired' ? 'expire' : 'reject', diff: { offset: current.offset, ...detail } });
    if (current.datasetId !== null) {
      const [gone] = await tx.db.delete(dataset).where(eq(dataset.id, current.datasetId)).returning({ datasetId: dataset.datasetId });
      if (gone) await recordAudit(tx, { entity: 'dataset', entityId: current.datasetId, missionId: row.missionId, action: 'delete', diff: { datasetId: gone.datasetId, reason } });
    }
    return true;
  });
}
