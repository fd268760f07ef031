import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { renderedSlice } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { EDIT_RENDERED_SLICES, requireRenderedSlice } from './rendered-slice-access';

/** Deletes a slice view and then its picture (a picture left behind by a crash is only unused bytes). */
export async function deleteRenderedSlice(ctx: DomainContext, { missionId, id }: { missionId: number; id: number }): Promise<void> {
  const key = await inTransaction(ctx, async (tx) => {
    const row = await requireRenderedSlice(tx, missionId, id, EDIT_RENDERED_SLICES);
    await tx.db.delete(renderedSlice).where(eq(renderedSlice.id, row.id));
    await recordAudit(tx, { entity: 'rendered_slice', entityId: row.id, missionId, action: 'delete', diff: { name: row.name } });
    return row.storageKey;
  });
  await ctx.storage.delete(key);
}
