import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { BuildingDto } from '@/lib/shared/schemas/building';
import { recordAudit } from '../audit/record-audit';
import { building } from '../db/schema';
import type { DomainContext, Tx } from '../domain/context';
import { buildingChange, type BuildingPatch } from './building-changes';
import { measuresOf } from './building-measures';
import { toBuildingDto } from './mission-dto';

/**
 * The building writes with their audit events, shared by the single-building verbs and the
 * whole-plan verb. Callers run them inside their transaction, after authorizing and locking.
 */
type TxContext = DomainContext & { db: Tx };
export type BuildingRow = typeof building.$inferSelect;
export type NewBuilding = Required<Pick<BuildingPatch, 'name' | 'type' | 'footprint' | 'levels'>> & Pick<BuildingPatch, 'storeyHeight'>;

/** Inserts a measured building into a mission; audited as 'create'. */
export async function insertBuilding(tx: TxContext, missionId: number, data: NewBuilding): Promise<BuildingDto> {
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
}

/**
 * Applies a patch to a locked building whose version the caller has checked: only when something
 * differs, bumping the version; audited as 'update' with the diff.
 */
export async function changeBuilding(tx: TxContext, current: BuildingRow, patch: BuildingPatch): Promise<BuildingDto> {
  const change = buildingChange(current, patch);
  if (!change) return toBuildingDto(current);
  const [row] = await tx.db
    .update(building)
    .set({ ...change.changes, updatedAt: sql`now()`, version: sql`${building.version} + 1` })
    .where(and(eq(building.id, current.id), eq(building.version, current.version)))
    .returning();
  await recordAudit(tx, { entity: 'building', entityId: current.id, missionId: current.missionId, action: 'update', diff: change.diff });
  return toBuildingDto(row!);
}

/** Deletes a building; audited as 'delete' with what it was. */
export async function removeBuilding(tx: TxContext, current: BuildingRow): Promise<void> {
  await tx.db.delete(building).where(eq(building.id, current.id));
  await recordAudit(tx, {
    entity: 'building',
    entityId: current.id,
    missionId: current.missionId,
    action: 'delete',
    diff: { name: current.name, type: current.type, groundArea: current.groundArea },
  });
}
