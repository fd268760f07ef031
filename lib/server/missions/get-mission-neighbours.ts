import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { missionListFilters, type MissionNeighbours } from '@/lib/shared/schemas/mission-view';
import type { z } from 'zod';
import { mission } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { missionListWhere } from './mission-filters';
import { afterRow, literalLimit, orderBy, type Direction } from './mission-order';
import { requireMission } from './visibility';

/** The mission whose neighbours are asked for, in the query that finds them. */
const current = alias(mission, 'current');

export type MissionNeighboursInput = { id: number } & z.output<typeof missionListFilters>;

/**
 * The previous and next mission of the detail page's "previous/next" (spec §2) in a list order:
 * the same filters, sort and tenant rule as listMissions, so the buttons walk that very list.
 */
export async function getMissionNeighbours(ctx: DomainContext, input: MissionNeighboursInput): Promise<MissionNeighbours> {
  const { id, ...f } = input;
  await requireMission(ctx, id, 'read');
  const where = missionListWhere(ctx.actor, f);
  const reverse: Direction = f.order === 'asc' ? 'desc' : 'asc';
  const step = (direction: Direction) =>
    ctx.db
      .select({ id: mission.id })
      .from(mission)
      .where(and(where, afterRow(f.sort, direction, current)))
      .orderBy(...orderBy(f.sort, direction))
      .limit(literalLimit(1));
  // Both neighbours in one round trip: each a scalar subquery (an index scan that stops at one row)
  // that reads the current mission's keys from the enclosing row.
  const [both] = await ctx.db
    .select({ nextId: sql<string | null>`(${step(f.order)})`, previousId: sql<string | null>`(${step(reverse)})` })
    .from(current)
    .where(eq(current.id, id));
  const asId = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { nextId: asId(both?.nextId), previousId: asId(both?.previousId) };
}

/** getMissionNeighbours for query-shaped filters (tests): parsed with the endpoint's schema first (its defaults too). */
export const getMissionNeighboursFromJson = async (ctx: DomainContext, { id, ...filters }: { id: number } & z.input<typeof missionListFilters>) =>
  getMissionNeighbours(ctx, { ...parseInput(missionListFilters, filters), id });
