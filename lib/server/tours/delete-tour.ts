import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { versionConflict } from '../errors';
import { tourPrefix } from './generate-job';
import { EDIT_TOURS, requireTour } from './tour-access';

/** Deletes a tour (its public link dies with it) and, after the commit, its generated files. */
export async function deleteTour(ctx: DomainContext, input: { id: number; version: number }): Promise<void> {
  const prefix = await inTransaction(ctx, async (tx) => {
    const { row: current } = await requireTour(tx, input.id, EDIT_TOURS, { lock: true });
    if (current.version !== input.version) throw versionConflict('tour');
    await tx.db.delete(tour).where(eq(tour.id, current.id));
    await recordAudit(tx, { entity: 'tour', entityId: current.id, missionId: current.missionId, action: 'delete', diff: { name: current.name } });
    return current.outputPrefix === null ? null : tourPrefix(current.missionId, current.id);
  });
  if (prefix) await ctx.storage.deletePrefix(prefix).catch((err: unknown) => ctx.log.error(`could not remove ${prefix}`, err));
}
