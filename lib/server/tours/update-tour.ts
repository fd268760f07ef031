import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { recordAudit } from '../audit/record-audit';
import { tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { versionConflict } from '../errors';
import { EDIT_TOURS, requireTour } from './tour-access';
import { toTourDtos } from './tour-dto';

/** Renames a tour (PATCH with `version`, 409 when stale). */
export async function updateTour(ctx: DomainContext, input: { id: number; version: number; name: string }): Promise<TourDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireTour(tx, input.id, EDIT_TOURS, { lock: true });
    if (current.version !== input.version) throw versionConflict('tour');
    if (current.name === input.name) return (await toTourDtos(tx, [current]))[0]!;
    const [row] = await tx.db.update(tour).set({ name: input.name, updatedAt: sql`now()`, version: sql`${tour.version} + 1` }).where(eq(tour.id, input.id)).returning();
    await recordAudit(tx, { entity: 'tour', entityId: input.id, missionId: current.missionId, action: 'update', diff: { name: [current.name, input.name] } });
    return (await toTourDtos(tx, [row!]))[0]!;
  });
}
