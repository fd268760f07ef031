import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { replacePlanBody, type BuildingDto, type ReplacePlanBody } from '@/lib/shared/schemas/building';
import type { z } from 'zod';
import { building } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { notFound, versionConflict } from '../errors';
import { changeBuilding, insertBuilding, removeBuilding } from './building-writes';
import { toBuildingDto } from './mission-dto';
import { requireMission } from './visibility';

/**
 * Saves a mission's edited plan as one change (the planner's "Save plan"): listed buildings with
 * an id are changed (when something differs), those without are added, those in `removed` are
 * removed — all or nothing. The request accounts for every stored building it knew, so that none
 * is lost without the client having seen it:
 * - every id in `buildings` or `removed` must be one of this mission's buildings (else 404
 *   `not_found`, as for an unknown id on PATCH/DELETE; a building removed meanwhile is gone too,
 *   and the answer does not tell it from another mission's);
 * - at the version the client last read (else 409 `version_conflict`);
 * - a stored building in neither list was added after the client read the plan (409
 *   `version_conflict`).
 * Nothing is written before all of them are checked. Each write is audited like the
 * single-building verbs. Answers the mission's buildings in list order (by id).
 */
export async function replaceMissionPlan(ctx: DomainContext, input: z.output<typeof replacePlanBody> & { missionId: number }): Promise<BuildingDto[]> {
  const { missionId, buildings, removed } = input;
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, 'editBuildings', { lock: true });
    const stored = await tx.db.select().from(building).where(eq(building.missionId, missionId)).orderBy(asc(building.id)).for('update');
    const byId = new Map(stored.map((row) => [row.id, row]));
    const known = [...buildings.flatMap((b) => (b.id === undefined ? [] : [{ id: b.id, version: b.version }])), ...removed];
    for (const { id, version } of known) {
      const current = byId.get(id);
      if (!current) throw notFound('building');
      if (current.version !== version) throw versionConflict('building');
    }
    const accounted = new Set(known.map((b) => b.id));
    if (stored.some((row) => !accounted.has(row.id))) throw versionConflict('building');
    for (const { id, version: _version, ...data } of buildings) {
      if (id === undefined) await insertBuilding(tx, missionId, data);
      else await changeBuilding(tx, byId.get(id)!, data);
    }
    const gone = new Set(removed.map((r) => r.id));
    for (const row of stored) {
      if (gone.has(row.id)) await removeBuilding(tx, row);
    }
    const rows = await tx.db.select().from(building).where(eq(building.missionId, missionId)).orderBy(asc(building.id));
    return rows.map(toBuildingDto);
  });
}

/** replaceMissionPlan for JSON-shaped input (tests): the body parsed with the endpoint's schema first. */
export const replaceMissionPlanFromJson = async (ctx: DomainContext, { missionId, ...body }: ReplacePlanBody & { missionId: number }) =>
  replaceMissionPlan(ctx, { ...parseInput(replacePlanBody, body), missionId });
