import 'server-only';
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BlurringQueueItem, blurringQueueQuery } from '@/lib/shared/schemas/blurring';
import { requirePermission } from '../auth/require-permission';
import { company, mission, missionBlurring, missionImage } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { missionVisibleTo } from '../missions/visibility';
import { namesOf } from './image-dto';

const QUEUE_LIMIT = 500;

/**
 * spec §2 /blurring: the missions with images to blur or to check that the user may see, with
 * their counts, who blurred and the blurring instructions. Filters: blur (nobody blurred yet),
 * check (waiting for the second person), finished; q matches name or internal reference.
 */
export async function blurringQueue(ctx: DomainContext, query: z.output<typeof blurringQueueQuery>): Promise<BlurringQueueItem[]> {
  await requirePermission(ctx.actor, 'UI.menu.blurring');
  const conditions: (SQL | undefined)[] = [missionVisibleTo(ctx.actor)];
  if (query.filter === 'blur') conditions.push(isNull(missionBlurring.blurredBy));
  if (query.filter === 'check') conditions.push(and(isNotNull(missionBlurring.blurredBy), isNull(missionBlurring.finishedAt)));
  if (query.filter === 'finished') conditions.push(isNotNull(missionBlurring.finishedAt));
  if (query.q) conditions.push(or(ilike(mission.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`), ilike(mission.internalReference, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`)));
  const rows = await ctx.db
    .select({
      missionId: mission.id,
      internalReference: mission.internalReference,
      missionName: mission.name,
      companyName: company.name,
      instructions: mission.blurringInstructions,
      toReview: sql<number>`count(${missionImage.id})::int`,
      approved: sql<number>`count(${missionImage.approvedAt})::int`,
      detecting: sql<number>`count(*) filter (where ${missionImage.detection} in ('queued', 'running'))::int`,
      blurredBy: missionBlurring.blurredBy,
      finishedBy: missionBlurring.finishedBy,
      finishedAt: missionBlurring.finishedAt,
      lastImage: sql<number>`max(${missionImage.id})`,
    })
    .from(missionImage)
    .innerJoin(mission, eq(mission.id, missionImage.missionId))
    .leftJoin(company, eq(company.id, mission.companyId))
    .leftJoin(missionBlurring, eq(missionBlurring.missionId, mission.id))
    .where(and(...conditions))
    .groupBy(mission.id, company.name, missionBlurring.missionId)
    .orderBy(sql`${missionBlurring.finishedAt} is not null`, desc(sql`max(${missionImage.id})`))
    .limit(QUEUE_LIMIT);
  const names = await namesOf(ctx, rows.flatMap((r) => [r.blurredBy, r.finishedBy]));
  return rows.map((r) => ({
    missionId: r.missionId,
    internalReference: r.internalReference,
    missionName: r.missionName,
    companyName: r.companyName,
    instructions: r.instructions,
    toReview: r.toReview,
    approved: r.approved,
    remaining: r.toReview - r.approved,
    detecting: r.detecting,
    blurredBy: r.blurredBy,
    blurredByName: r.blurredBy ? (names.get(r.blurredBy) ?? null) : null,
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    finishedByName: r.finishedBy ? (names.get(r.finishedBy) ?? null) : null,
    stage: r.finishedAt ? 'finished' : r.blurredBy ? 'check' : 'blur',
  }));
}
