import 'server-only';
import { buildingInput, type BuildingDto, type BuildingInput } from '@/lib/shared/schemas/building';
import type { z } from 'zod';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { insertBuilding } from './building-writes';
import { requireMission } from './visibility';

/** Adds a building to a mission, measured from its footprint (internal users; customers for their company's missions). */
export async function createBuilding(ctx: DomainContext, input: z.output<typeof buildingInput> & { missionId: number }): Promise<BuildingDto> {
  const { missionId, ...data } = input;
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'editBuildings', { lock: true });
    return insertBuilding(tx, missionId, data);
  });
}

/** createBuilding for JSON-shaped input (tests): the body parsed with the endpoint's schema first. */
export const createBuildingFromJson = async (ctx: DomainContext, { missionId, ...body }: BuildingInput & { missionId: number }) =>
  createBuilding(ctx, { ...parseInput(buildingInput, body), missionId });
