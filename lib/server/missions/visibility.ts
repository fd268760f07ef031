import 'server-only';
import { and, eq, exists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { mission, missionShare } from '../db/schema';
import { seesAllTenants, type Actor } from '../auth/actor';
import type { DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import { missionAccess, VISIBLE_THROUGH, type MissionAccess, type MissionCapability, type MissionRelation } from './mission-access';

export const NOT_AUTHORIZED_MISSION = 'not authorized to access mission id';
export const NOT_AUTHORIZED_MISSION_KEY = 'errors.notAuthorizedMission';

export const notAuthorizedMission = (missionId: number) => new AppError('not_authorized', NOT_AUTHORIZED_MISSION, { missionId }, NOT_AUTHORIZED_MISSION_KEY);

/**
 * The tenant rule for missions as SQL (spec §6, ARCHITECTURE §4.1; who sees what is tabled in
 * mission-access.ts): internal users and the system see every mission; everyone else the union
 * of what their roles show them. Returns the condition to AND into a mission query (undefined =
 * no restriction).
 */
export function missionVisibleTo(actor: Actor): SQL | undefined {
  if (seesAllTenants(actor) || actor.kind !== 'user') return undefined;
  const through = new Set(actor.roles.flatMap((role) => VISIBLE_THROUGH[role] ?? []));
  const conditions: SQL[] = [];
  if (through.has('ownCompany') && actor.companyId !== null) conditions.push(eq(mission.companyId, actor.companyId));
  if (through.has('assignedToMe')) conditions.push(eq(mission.assigneeId, actor.identityId));
  if (through.has('sharedWithMyCustomer') && actor.customerId !== null) {
    conditions.push(
      exists(
        sql`(select 1 from ${missionShare} where ${and(eq(missionShare.missionId, mission.id), eq(missionShare.customerId, actor.customerId))})`,
      ),
    );
  }
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

export type MissionRow = typeof mission.$inferSelect;

/** How the actor relates to one mission row; `shared`: whether it is shared with the actor's customer. */
function relationOf(actor: Actor, row: MissionRow, shared: boolean): MissionRelation {
  if (actor.kind !== 'user') return { ownCompany: false, sharedWithMyCustomer: false, assignedToMe: false };
  return {
    ownCompany: actor.companyId !== null && actor.companyId === row.companyId,
    sharedWithMyCustomer: shared,
    assignedToMe: row.assigneeId === actor.identityId,
  };
}

/** Whether the mission is shared with the customer; false without one (`customer_id = null` holds for no row). */
const sharedWith = (customerId: SQLWrapper | number | null) =>
  sql<boolean>`exists(select 1 from ${missionShare} where ${missionShare.missionId} = ${mission.id} and ${missionShare.customerId} = ${customerId})`;

/**
 * Loads a mission and checks that the actor may do `capability` with it: 404 when it does not
 * exist, 403 'not authorized to access mission id' otherwise. `lock` takes a row lock for a write.
 */
export async function requireMission(
  ctx: DomainContext,
  missionId: number,
  capability: MissionCapability,
  options: { lock?: boolean } = {},
): Promise<{ row: MissionRow; access: MissionAccess }> {
  const { row, relation } = options.lock || !ctx.missionReads ? await loadForAccess(ctx, missionId, options.lock) : await rememberedRead(ctx, missionId, ctx.missionReads);
  const access = missionAccess(ctx.actor, relation);
  if (!access.capabilities.has('read') || !access.capabilities.has(capability)) throw notAuthorizedMission(missionId);
  return { row, access };
}

type AccessRead = { row: MissionRow; relation: MissionRelation };

/**
 * The row of a mission by id, every column, and whether it is shared with a customer: the detail
 * page and most verbs read it, and the share is what the access rule needs besides the row
 * (built-once.ts; one round trip for both).
 */
const missionById = builtOnce((db: Db) =>
  db
    .select({ row: mission, shared: sharedWith(sql.placeholder('customerId')) })
    .from(mission)
    .where(eq(mission.id, sql.placeholder('id'))),
);

const customerOf = (actor: Actor) => (actor.kind === 'user' ? actor.customerId : null);

async function loadForAccess(ctx: DomainContext, missionId: number, lock = false): Promise<AccessRead> {
  const customerId = customerOf(ctx.actor);
  const [found] = lock
    ? await ctx.db.select({ row: mission, shared: sharedWith(customerId) }).from(mission).where(eq(mission.id, missionId)).for('update', { of: mission })
    : await missionById(ctx.db).execute({ id: missionId, customerId });
  if (!found) throw notFound('mission');
  return { row: found.row, relation: relationOf(ctx.actor, found.row, found.shared) };
}

/** The read of ctx.missionReads (see DomainContext): the capability is still checked on every call. */
function rememberedRead(ctx: DomainContext, missionId: number, reads: Map<number, Promise<unknown>>): Promise<AccessRead> {
  let read = reads.get(missionId) as Promise<AccessRead> | undefined;
  if (!read) {
    read = loadForAccess(ctx, missionId);
    reads.set(missionId, read);
  }
  return read;
}

/** Loads a mission the actor may see: 404 when it does not exist, 403 when it is not theirs. */
export async function requireVisibleMission(ctx: DomainContext, missionId: number): Promise<MissionRow> {
  return (await requireMission(ctx, missionId, 'read')).row;
}
