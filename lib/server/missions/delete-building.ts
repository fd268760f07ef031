import 'server-only';
import { count, eq } from 'drizzle-orm';
import { building } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import { removeBuilding } from './building-writes';
import { requireMission } from './visibility';

/** Removes a building; the last one stays (spec §5: a mission without buildings cannot be saved). */
export async function deleteBuilding(ctx: DomainContext, input: { id: number }): Promise<void> {
  const { id } = input;
  await inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(building).where(eq(building.id, id));
    if (!current) throw notFound('building');
    // The mission row lock serialises two deletions racing for the last building.
    await requireMission(tx, current.missionId, 'editBuildings', { lock: true });
    const [{ n } = { n: 0 }] = await tx.db.select({ n: count() }).from(building).where(eq(building.missionId, current.missionId));
    if (n <= 1) throw new AppError('conflict', 'a mission needs at least one building', undefined, 'errors.missions.lastBuilding');
    await removeBuilding(tx, current);
  });
}
