import 'server-only';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { tablePreset } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { notFound } from '../errors';
import { ownerOf } from './table-preset-dto';

/** Deletes one of the user's presets; another user's preset is "not found" (its existence is not revealed). */
export async function deleteTablePreset(ctx: DomainContext, input: { id: number }): Promise<void> {
  const { id } = input;
  const owner = ownerOf(ctx.actor);
  await inTransaction(ctx, async (tx) => {
    const [removed] = owner
      ? await tx.db.delete(tablePreset).where(and(eq(tablePreset.id, id), eq(tablePreset.ownerId, owner))).returning()
      : [];
    if (!removed) throw notFound('table preset');
    await recordAudit(tx, { entity: 'table_preset', entityId: id, action: 'delete', diff: { name: removed.name, columns: removed.columns } });
  });
}
