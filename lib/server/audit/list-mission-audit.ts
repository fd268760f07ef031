import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { builtOncePer } from '../db/built-once';
import type { Db } from '../db/client';
import { auditQuery, type AuditPage } from '@/lib/shared/schemas/audit';
import type { z } from 'zod';
import { appUser, auditEvent } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { literalLimit } from '../missions/mission-order';
import { requireMission } from '../missions/visibility';
import { auditNames } from './audit-names';

/**
 * A page of a mission's events, newest first, before the cursor's event (any when it is null):
 * every detail page reads one, so it is built once per page size (built-once.ts), the size a
 * literal (PostgreSQL plans a LIMIT parameter afresh each time).
 */
const auditPage = builtOncePer((db: Db, size: number) =>
  db
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
    .where(and(eq(auditEvent.missionId, sql.placeholder('missionId')), sql`(${sql.placeholder('cursor')}::bigint is null or ${auditEvent.id} < ${sql.placeholder('cursor')}::bigint)`))
    .orderBy(desc(auditEvent.id))
    .limit(literalLimit(size)),
);

/**
 * The audit trail of a mission for its detail page (who, when, what), newest first, paged by
 * event id. For internal users and the users who work on the mission (mission-access.ts
 * `readAudit`): the diffs show every field, so external users and customers a mission is only
 * shared with do not get it.
 */
export async function listMissionAudit(ctx: DomainContext, input: { missionId: number } & z.output<typeof auditQuery>): Promise<AuditPage> {
  const { missionId, ...q } = input;
  await requireMission(ctx, missionId, 'readAudit');
  const rows = await auditPage(ctx.db, q.limit + 1).execute({ missionId, cursor: q.cursor ?? null });
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
