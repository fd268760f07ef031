import 'server-only';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { recordAudit } from '../audit/record-audit';
import { tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { EDIT_TOURS } from './tour-access';
import { toTourDto } from './tour-dto';

/** Creates an empty tour (a name); "generate" fills it. */
export async function createTour(ctx: DomainContext, input: { missionId: number; name: string }): Promise<TourDto> {
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, input.missionId, EDIT_TOURS);
    const [row] = await tx.db.insert(tour).values({ missionId: input.missionId, name: input.name }).returning();
    await recordAudit(tx, { entity: 'tour', entityId: row!.id, missionId: input.missionId, action: 'create', diff: { name: input.name } });
    return toTourDto(row!, null);
  });
}
