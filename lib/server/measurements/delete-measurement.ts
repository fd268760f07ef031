import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { measurement } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { versionConflict } from '../errors';
import { EDIT_MEASUREMENTS, requireMeasurement } from './measurement-access';

/** Deletes an item with the version last read (409 when stale); audited as 'delete' with what it was. */
export async function deleteMeasurement(ctx: DomainContext, input: { id: number; version: number }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const current = await requireMeasurement(tx, input.id, EDIT_MEASUREMENTS, { lock: true });
    if (current.version !== input.version) throw versionConflict('measurement');
    await tx.db.delete(measurement).where(eq(measurement.id, current.id));
    await recordAudit(tx, { entity: 'measurement', entityId: current.id, missionId: current.missionId, action: 'delete', diff: { kind: current.kind, name: current.name } });
  });
}
