import 'server-only';
import { and, eq } from 'drizzle-orm';
import { missionListFilters, type MissionNeighbours } from '@/lib/shared/schemas/mission-view';
import type { z } from 'zod';
import { mission } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { missionListWhere } from './mission-filters';
import { after, keyColumns, keyValues, literalLimit, orderBy, type Direction } from './mission-order';
import { requireMission } from './visibility';

export type MissionNeighboursInput = { id: number } & z.output<typeof missionListFilters>;

/**
 * The previous and next mission of the detail page's "previous/next" (spec §2) in a list order:
 * the same filters, sort and tenant rule as listMissions, so the buttons walk that very list.
 */
export async function getMissionNeighbours(ctx: DomainContext, input: MissionNeighboursInput): Promise<MissionNeighbours> {
  const { id, ...f } = input;
  await requireMission(ctx, id, 'read');
  const [current] = await ctx.db.select(keyColumns(f.sort)).from(mission).where(eq(mission.id, id));
  const values = keyValues(f.sort, current!);
  const where = missionListWhere(ctx.actor, f);
  const reverse: Direction = f.order === 'asc' ? 'desc' : 'asc';
  const step = async (direction: Direction) => {
    const [row] = await ctx.db
      .select({ id: mission.id })
      .from(mission)
      .where(and(where, after(f.sort, direction, values)))
      .orderBy(...orderBy(f.sort, direction))
      .limit(literalLimit(1));
    return row?.id ?? null;
  };
  return { nextId: await step(f.order), previousId: await step(reverse) };
}

/** getMissionNeighbours for query-shaped filters (tests): parsed with the endpoint's schema first (its defaults too). */
export const getMissionNeighboursFromJson = async (ctx: DomainContext, { id, ...filters }: { id: number } & z.input<typeof missionListFilters>) =>
  getMissionNeighbours(ctx, { ...parseInput(missionListFilters, filters), id });
