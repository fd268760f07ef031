import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { missionListFilters, type MissionNeighbours, type MissionSort } from '@/lib/shared/schemas/mission-view';
import type { z } from 'zod';
import { builtOncePer } from '../db/built-once';
import type { Db } from '../db/client';
import { mission } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { missionListWhere } from './mission-filters';
import { after, keyColumns, keyValues, literalLimit, orderBy, type Direction } from './mission-order';
import { requireMission } from './visibility';

/** The sort keys of one mission, for each sort (built-once.ts). */
const keysOf = builtOncePer((db: Db, sort: MissionSort) => db.select(keyColumns(sort)).from(mission).where(eq(mission.id, sql.placeholder('id'))));

export type MissionNeighboursInput = { id: number } & z.output<typeof missionListFilters>;

/**
 * The previous and next mission of the detail page's "previous/next" (spec §2) in a list order:
 * the same filters, sort and tenant rule as listMissions, so the buttons walk that very list.
 */
export async function getMissionNeighbours(ctx: DomainContext, input: MissionNeighboursInput): Promise<MissionNeighbours> {
  const { id, ...f } = input;
  await requireMission(ctx, id, 'read');
  const [current] = await keysOf(ctx.db, f.sort).execute({ id });
  const values = keyValues(f.sort, current!);
  const where = missionListWhere(ctx.actor, f);
  const reverse: Direction = f.order === 'asc' ? 'desc' : 'asc';
  const step = (direction: Direction) =>
    ctx.db
      .select({ id: mission.id })
      .from(mission)
      .where(and(where, after(f.sort, direction, values)))
      .orderBy(...orderBy(f.sort, direction))
      .limit(literalLimit(1));
  // Both neighbours in one round trip: each a scalar subquery (an index scan that stops at one row).
  const [both] = await ctx.db
    .select({ nextId: sql<string | null>`(${step(f.order)})`, previousId: sql<string | null>`(${step(reverse)})` })
    .from(mission)
    .where(eq(mission.id, id));
  const asId = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { nextId: asId(both?.nextId), previousId: asId(both?.previousId) };
}

/** getMissionNeighbours for query-shaped filters (tests): parsed with the endpoint's schema first (its defaults too). */
export const getMissionNeighboursFromJson = async (ctx: DomainContext, { id, ...filters }: { id: number } & z.input<typeof missionListFilters>) =>
  getMissionNeighbours(ctx, { ...parseInput(missionListFilters, filters), id });
