import 'server-only';
import { buildingInput, type BuildingDto, type BuildingInput } from '@/lib/shared/schemas/building';
import { idSchema } from '@/lib/shared/schemas/common';
import { recordAudit } from '../audit/record-audit';
import { building } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { measuresOf } from './building-measures';
import { toBuildingDto } from './mission-dto';
import { requireMission } from './visibility';

/** Adds a building to a mission, measured from its footprint (internal users; customers for their company's missions). */
export async function createBuilding(ctx: DomainContext, input: BuildingInput & { missionId: number }): Promise<BuildingDto> {
  const { missionId: rawId, ...rest } = input;
  const missionId = parseInput(idSchema, rawId);
  const data = parseInput(buildingInput, rest);
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'editBuildings', { lock: true });
    const [row] = await tx.db.insert(building).values({ ...data, ...measuresOf(data), missionId }).returning();
    const dto = toBuildingDto(row!);
    await recordAudit(tx, {
      entity: 'building',
      entityId: dto.id,
      missionId,
      action: 'create',
      diff: { name: dto.name, type: dto.type, levels: dto.levels, groundArea: dto.groundArea, facadeArea: dto.facadeArea, perimeter: dto.perimeter },
    });
    return dto;
  });
}
