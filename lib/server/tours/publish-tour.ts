import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { recordAudit } from '../audit/record-audit';
import { isBlurringFinished } from '../blurring/blurring-finished';
import { tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { EDIT_TOURS, requireTour, tourConflict } from './tour-access';
import { toTourDtos } from './tour-dto';

/** 24 random bytes: a link nobody guesses, revoked by clearing it. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * Publishes a generated tour behind a public, read-only link (POST /tours/{id}/publish). Refused
 * with 409 and the reason while the mission's blurring is not finished, or before a generation.
 * Publishing again keeps the same link.
 */
export async function publishTour(ctx: DomainContext, input: { id: number }): Promise<TourDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireTour(tx, input.id, EDIT_TOURS, { lock: true });
    if (!current.manifest) throw tourConflict('The tour has not been generated yet', 'tours.errors.notGenerated');
    if (!(await isBlurringFinished(tx, current.missionId))) {
      throw tourConflict('The tour can be published once the blurring of its images is finished', 'tours.errors.blurringUnfinished');
    }
    if (current.publicToken) return (await toTourDtos(tx, [current]))[0]!;
    const [row] = await tx.db
      .update(tour)
      .set({ publicToken: newToken(), publishedAt: tx.clock.now(), status: current.status === 'error' ? 'error' : 'published', updatedAt: sql`now()`, version: sql`${tour.version} + 1` })
      .where(eq(tour.id, current.id))
      .returning();
    await recordAudit(tx, { entity: 'tour', entityId: current.id, missionId: current.missionId, action: 'publish', diff: {} });
    return (await toTourDtos(tx, [row!]))[0]!;
  });
}

/** Revokes the public link (DELETE /tours/{id}/publish): the old address stops working at once. */
export async function unpublishTour(ctx: DomainContext, input: { id: number }): Promise<TourDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireTour(tx, input.id, EDIT_TOURS, { lock: true });
    if (!current.publicToken) return (await toTourDtos(tx, [current]))[0]!;
    const [row] = await tx.db
      .update(tour)
      .set({ publicToken: null, publishedAt: null, status: current.status === 'error' ? 'error' : 'not_published', updatedAt: sql`now()`, version: sql`${tour.version} + 1` })
      .where(eq(tour.id, current.id))
      .returning();
    await recordAudit(tx, { entity: 'tour', entityId: current.id, missionId: current.missionId, action: 'unpublish', diff: {} });
    return (await toTourDtos(tx, [row!]))[0]!;
  });
}
