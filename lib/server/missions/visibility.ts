import 'server-only';
import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { mission, missionShare } from '../db/schema';
import { seesAllTenants, type Actor } from '../auth/actor';
import type { DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';

export const NOT_AUTHORIZED_MISSION = 'not authorized to access mission id';

/**
 * The tenant rule for missions (spec §6, ARCHITECTURE §4.1): internal users and the system see
 * every mission; everyone else sees their company's missions and those shared with their
 * customer. Returns the condition to AND into a mission query (undefined = no restriction).
 */
export function missionVisibleTo(actor: Actor): SQL | undefined {
  if (seesAllTenants(actor) || actor.kind !== 'user') return undefined;
  const conditions: SQL[] = [];
  if (actor.companyId !== null) conditions.push(eq(mission.companyId, actor.companyId));
  if (actor.customerId !== null) {
    conditions.push(
      exists(
        sql`(select 1 from ${missionShare} where ${and(eq(missionShare.missionId, mission.id), eq(missionShare.customerId, actor.customerId))})`,
      ),
    );
  }
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

export type MissionRow = typeof mission.$inferSelect;

/** Loads a mission the actor may see: 404 when it does not exist, 403 when it is not theirs. */
export async function requireVisibleMission(ctx: DomainContext, missionId: number): Promise<MissionRow> {
  const [row] = await ctx.db.select().from(mission).where(and(eq(mission.id, missionId), missionVisibleTo(ctx.actor)));
  if (row) return row;
  const [existing] = await ctx.db.select({ id: mission.id }).from(mission).where(eq(mission.id, missionId));
  if (existing) throw new AppError('not_authorized', NOT_AUTHORIZED_MISSION, { missionId });
  throw notFound('mission');
}
