import 'server-only';
import { buildingInput, type BuildingDto, type BuildingInput } from '@/lib/shared/schemas/building';
import { idSchema } from '@/lib/shared/schemas/common';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { insertBuilding } from './building-writes';
import { requireMission } from './visibility';

/** Adds a building to a mission, measured from its footprint (internal users; customers for their company's missions). */
export async function createBuilding(ctx: DomainContext, input: BuildingInput & { missionId: number }): Promise<BuildingDto> {
  const { missionId: rawId, ...rest } = input;
  const missionId = parseInput(idSchema, rawId);
  const data = parseInput(buildingInput, rest);
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'editBuildings', { lock: true });
    return insertBuilding(tx, missionId, data);
  });
}
