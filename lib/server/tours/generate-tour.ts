import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { job, tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { generateBlockers } from './generate-rules';
import { tourGenerateJob } from './generate-job';
import { missionPanoramas } from './panoramas';
import { EDIT_TOURS, requireTour, tourConflict } from './tour-access';
import { toTourDtos } from './tour-dto';

/**
 * Starts a generation (POST /tours/{id}/generate): refused with 409 naming the first disabling
 * rule that applies (all of them in `details.blockedBy`), or while one is already under way.
 * Generation leaves `version` alone: it guards what people edit (the name), not the output.
 */
export async function generateTour(ctx: DomainContext, input: { id: number }): Promise<TourDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current, mission } = await requireTour(tx, input.id, EDIT_TOURS, { lock: true });
    const blockedBy = await generateBlockers(tx, mission, await missionPanoramas(tx, mission.id));
    if (blockedBy.length > 0) throw tourConflict(`Tour generation is disabled: ${blockedBy.join(', ')}`, `tours.blocked.${blockedBy[0]}`, { blockedBy });
    if (current.generationJobId) {
      const [running] = await tx.db.select({ state: job.state }).from(job).where(eq(job.id, current.generationJobId));
      if (running && (running.state === 'queued' || running.state === 'running')) throw tourConflict('The tour is already being generated', 'tours.errors.generationRunning');
    }
    const started = await tx.jobs.enqueue(tx.db, tourGenerateJob, { tourId: current.id }, { missionId: mission.id, createdBy: actorId(tx.actor) ?? undefined });
    const [row] = await tx.db.update(tour).set({ generationJobId: started.id, updatedAt: sql`now()` }).where(eq(tour.id, current.id)).returning();
    await recordAudit(tx, { entity: 'tour', entityId: current.id, missionId: mission.id, action: 'generate', diff: { job: started.id } });
    return (await toTourDtos(tx, [row!]))[0]!;
  });
}
