import 'server-only';
import { eq } from 'drizzle-orm';
import { updateBuildingBody, type BuildingDto, type UpdateBuildingBody } from '@/lib/shared/schemas/building';
import type { z } from 'zod';
import { building } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { notFound, versionConflict } from '../errors';
import { changeBuilding } from './building-writes';
import { requireMission } from './visibility';

/** Changes a building (PATCH with `version`, 409 when stale); the measures follow the new outline, type or levels. */
export async function updateBuilding(ctx: DomainContext, input: z.output<typeof updateBuildingBody> & { id: number }): Promise<BuildingDto> {
  const { id, version, ...patch } = input;
  return inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(building).where(eq(building.id, id)).for('update');
    if (!current) throw notFound('building');
    await requireMission(tx, current.missionId, 'editBuildings');
    if (current.version !== version) throw versionConflict('building');
    return changeBuilding(tx, current, patch);
  });
}

/** updateBuilding for JSON-shaped input (tests): the body parsed with the endpoint's schema first. */
export const updateBuildingFromJson = async (ctx: DomainContext, { id, ...body }: UpdateBuildingBody & { id: number }) =>
  updateBuilding(ctx, { ...parseInput(updateBuildingBody, body), id });
