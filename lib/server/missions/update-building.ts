import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { updateBuildingBody, type BuildingDto, type UpdateBuildingBody } from '@/lib/shared/schemas/building';
import { idSchema } from '@/lib/shared/schemas/common';
import { recordAudit } from '../audit/record-audit';
import { building } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { notFound, versionConflict } from '../errors';
import { measuresOf } from './building-measures';
import { toBuildingDto } from './mission-dto';
import { requireMission } from './visibility';

const MEASURED = ['groundArea', 'facadeArea', 'perimeter', 'storeyHeight'] as const;

/** Changes a building (PATCH with `version`, 409 when stale); the measures follow the new outline, type or levels. */
export async function updateBuilding(ctx: DomainContext, input: UpdateBuildingBody & { id: number }): Promise<BuildingDto> {
  const { id: rawId, ...body } = input;
  const id = parseInput(idSchema, rawId);
  const { version, ...patch } = parseInput(updateBuildingBody, body);
  return inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(building).where(eq(building.id, id)).for('update');
    if (!current) throw notFound('building');
    await requireMission(tx, current.missionId, 'editBuildings');
    if (current.version !== version) throw versionConflict('building');
    const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const changes = { name: next.name, type: next.type, footprint: next.footprint, levels: next.levels, ...measuresOf(next) };
    const diff: Record<string, [unknown, unknown]> = {};
    for (const field of ['name', 'type', 'levels', ...MEASURED] as const) {
      if (current[field] !== changes[field]) diff[field] = [current[field], changes[field]];
    }
    if (JSON.stringify(current.footprint) !== JSON.stringify(changes.footprint)) diff.footprint = ['changed', 'changed'];
    if (Object.keys(diff).length === 0) return toBuildingDto(current);
    const [row] = await tx.db
      .update(building)
      .set({ ...changes, updatedAt: sql`now()`, version: sql`${building.version} + 1` })
      .where(and(eq(building.id, id), eq(building.version, version)))
      .returning();
    await recordAudit(tx, { entity: 'building', entityId: id, missionId: current.missionId, action: 'update', diff });
    return toBuildingDto(row!);
  });
}
