import 'server-only';
import type { z } from 'zod';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { missionListQuery, type MissionListItem, type MissionPage } from '@/lib/shared/schemas/mission-view';
import { seesAllTenants, type Actor } from '../auth/actor';
import { appUser, building, company, customer, mission, missionShare, missionTag } from '../db/schema';
import { dialect, flatRows } from '../db/flat-rows';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { missionAccess } from './mission-access';
import { externalFields, toMissionFields, type MissionFieldsRow } from './mission-dto';
import { missionListWhere } from './mission-filters';
import { after, decodeCursor, encodeCursor, keyColumns, keyValues, literalLimit, orderBy } from './mission-order';

/**
 * The mission's columns a list row is built from: at the top level of the selection, not under a
 * key (drizzle maps a nested column of a query with outer joins through three entity checks and a
 * table-name lookup per cell), and without the search text, which only the filter reads.
 */
const { searchText: _searchText, ...LISTED_COLUMNS } = getTableColumns(mission);

/** What every list row selects besides its sort keys and share flag, in this order. */
const FIXED = {
  ...LISTED_COLUMNS,
  companyName: company.name,
  customerName: customer.name,
  assigneeName: appUser.displayName,
  tagIds: sql<number[]>`array(select ${missionTag.tagId}::int from ${missionTag} where ${missionTag.missionId} = ${mission.id} order by 1)`,
  buildingCount: sql<number>`(select count(*)::int from ${building} where ${building.missionId} = ${mission.id})`,
};

/**
 * The fixed part of the statement as text, rendered once: drizzle took about 0.5 ms per request to
 * build this select of 60 fields (docs/performance.md). It holds no parameters.
 */
const FIXED_COLUMNS = sql.raw(dialect.sqlToQuery(sql.join(Object.values(FIXED).map((f) => sql`${f}`), sql`, `)).sql);
const JOINS = sql.raw(
  dialect.sqlToQuery(
    sql`${mission} inner join ${company} on ${eq(company.id, mission.companyId)} left join ${customer} on ${eq(customer.id, mission.customerId)} left join ${appUser} on ${eq(appUser.identityId, mission.assigneeId)}`,
  ).sql,
);

/**
 * A page of missions (spec §2 mission lists, project list, assigned to me): the tenant rule of
 * mission-access.ts, the caller's filters, a stable sort and an opaque keyset cursor. Hidden
 * missions are left out unless `includeHidden`.
 */
export async function listMissions(ctx: DomainContext, q: z.output<typeof missionListQuery>): Promise<MissionPage> {
  const start = q.cursor ? after(q.sort, q.order, decodeCursor(q.cursor, q.sort, q.order)) : undefined;
  const keys = keyColumns(q.sort);
  const shared = sharedWithMyCustomer(ctx.actor);
  const selection = { ...FIXED, shared, ...keys };
  const statement = sql`select ${FIXED_COLUMNS}, ${shared}, ${sql.join(Object.values(keys), sql`, `)} from ${JOINS}
    where ${and(missionListWhere(ctx.actor, q), start) ?? sql`true`} order by ${sql.join(orderBy(q.sort, q.order), sql`, `)} limit ${literalLimit(q.limit + 1)}`;
  const rows = await flatRows<Row>(ctx.db, selection, statement);

  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const fullFields = fullFieldsOf(ctx.actor);
  return {
    items: page.map((r) => toListItem(r, fullFields(r))),
    nextCursor: rows.length > q.limit && last ? encodeCursor(q.sort, q.order, keyValues(q.sort, last)) : null,
  };
}

/** Whether each row is shared with the actor's customer; only needed to choose the view of non-internal users. */
function sharedWithMyCustomer(actor: Actor) {
  if (seesAllTenants(actor) || actor.kind !== 'user' || actor.customerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from ${missionShare} where ${missionShare.missionId} = ${mission.id} and ${missionShare.customerId} = ${actor.customerId})`;
}

type Row = MissionFieldsRow & {
  companyName: string;
  customerName: string | null;
  assigneeName: string | null;
  tagIds: number[];
  buildingCount: number;
  shared: boolean;
};

/**
 * Whether the actor sees a row's every field (mission-access.ts 'readAllFields'). It depends only
 * on the row's relation to the actor, so it is worked out once per relation, not once per row.
 */
function fullFieldsOf(actor: Actor): (r: Row) => boolean {
  const known = new Map<string, boolean>();
  return (r) => {
    const relation = {
      ownCompany: actor.kind === 'user' && actor.companyId === r.companyId,
      assignedToMe: actor.kind === 'user' && actor.identityId === r.assigneeId,
      sharedWithMyCustomer: r.shared,
    };
    const key = `${relation.ownCompany}|${relation.assignedToMe}|${relation.sharedWithMyCustomer}`;
    let full = known.get(key);
    if (full === undefined) known.set(key, (full = missionAccess(actor, relation).capabilities.has('readAllFields')));
    return full;
  };
}

/**
 * A row as the list answers it, built in one step: the handler sends it without parsing it again
 * (app/api/v2/missions/route.ts), and copying 50 rows of 50 fields through a DTO, a view and a
 * rest pattern cost more than the query (docs/performance.md).
 */
function toListItem(r: Row, full: boolean): MissionListItem {
  const fields = toMissionFields(r, r.tagIds);
  if (full) return { view: 'full', ...fields, companyName: r.companyName, customerName: r.customerName, assigneeName: r.assigneeName, buildingCount: r.buildingCount };
  return { view: 'external', ...externalFields(fields), companyName: r.companyName, customerName: r.customerName, buildingCount: r.buildingCount };
}

/** listMissions for query-shaped input (tests): parsed with the endpoint's schema first (its defaults too). */
export const listMissionsFromJson = parsedBy(missionListQuery, listMissions);
