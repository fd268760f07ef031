import 'server-only';
import { and, desc, eq, lt } from 'drizzle-orm';
import { auditQuery, type AuditPage } from '@/lib/shared/schemas/audit';
import type { z } from 'zod';
import { appUser, auditEvent } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { requireMission } from '../missions/visibility';
import { auditNames } from './audit-names';

/**
 * The audit trail of a mission for its detail page (who, when, what), newest first, paged by
 * event id. For internal users and the users who work on the mission (mission-access.ts
 * `readAudit`): the diffs show every field, so external users and customers a mission is only
 * shared with do not get it.
 */
export async function listMissionAudit(ctx: DomainContext, input: { missionId: number } & z.output<typeof auditQuery>): Promise<AuditPage> {
  const { missionId, ...q } = input;
  await requireMission(ctx, missionId, 'readAudit');
  const rows = await ctx.db
    .select({
      id: auditEvent.id,
      at: auditEvent.at,
      actorId: auditEvent.actorId,
      actorName: appUser.displayName,
      entity: auditEvent.entity,
      entityId: auditEvent.entityId,
      action: auditEvent.action,
      diff: auditEvent.diff,
    })
    .from(auditEvent)
    .leftJoin(appUser, eq(appUser.identityId, auditEvent.actorId))
    .where(and(eq(auditEvent.missionId, missionId), q.cursor ? lt(auditEvent.id, q.cursor) : undefined))
    .orderBy(desc(auditEvent.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const items = page.map((r) => ({ ...r, at: r.at.toISOString() }));
  return {
    items,
    nextCursor: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
    names: await auditNames(ctx, items),
  };
}

/** listMissionAudit for query-shaped input (pages, tests): the query parsed with the endpoint's schema first (its defaults too). */
export const listMissionAuditFromJson = async (ctx: DomainContext, { missionId, ...query }: { missionId: number } & z.input<typeof auditQuery>) =>
  listMissionAudit(ctx, { ...parseInput(auditQuery, query), missionId });
