import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import { missionBlurring } from '../db/schema';
import type { DomainContext } from '../domain/context';

/**
 * Whether the mission's blurring is finished (spec §6: by someone other than the person who
 * blurred): the tours' publish rule (issue 17) asks this. A new image or a saved region clears it.
 */
export async function isBlurringFinished(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ at: missionBlurring.finishedAt })
    .from(missionBlurring)
    .where(and(eq(missionBlurring.missionId, missionId), isNotNull(missionBlurring.finishedAt)));
  return row !== undefined;
}
