import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';

type TagRef = { id: number; name: string; color: string | null };
type CustomerRef = { id: number; name: string; customerNumber: number };
type PersonRef = { identityId: string; displayName: string };
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { appUser, building, company, customer, mission, missionTag, tag } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { toBuildingDto, toMissionDto, toMissionView } from './mission-dto';
import { requireMission, type MissionRow } from './visibility';

/**
 * One mission for the detail page, with the names of its company, customers, people and tags.
 * Visibility per mission-access.ts: 404 unknown, 403 'not authorized to access mission id';
 * external users get the reduced view.
 */
export async function getMission(ctx: DomainContext, input: { id: number }): Promise<MissionDetail> {
  const { id } = input;
  const { row, access } = await requireMission(ctx, id, 'read');
  return missionDetail(ctx, row, access.capabilities.has('readAllFields'));
}

/**
 * A mission's buildings (every column, in their order) and the names beside its ids: its company,
 * tags, customers and people. One round trip, one row per building (the names repeat on each; a
 * mission without buildings has one row with none). Built once (built-once.ts).
 */
const detailOf = builtOnce((db: Db) =>
  db
    .select({
      building,
      company: { id: company.id, name: company.name },
      tags: sql<TagRef[]>`coalesce((select json_agg(json_build_object('id', ${tag.id}, 'name', ${tag.name}, 'color', ${tag.color}) order by ${tag.name}, ${tag.id})
        from ${missionTag} join ${tag} on ${tag.id} = ${missionTag.tagId} where ${missionTag.missionId} = ${sql.placeholder('missionId')}), '[]'::json)`,
      customers: sql<CustomerRef[]>`coalesce((select json_agg(json_build_object('id', ${customer.id}, 'name', ${customer.name}, 'customerNumber', ${customer.customerNumber}))
        from ${customer} where ${customer.id} = any(${sql.placeholder('customerIds')}::bigint[])), '[]'::json)`,
      people: sql<PersonRef[]>`coalesce((select json_agg(json_build_object('identityId', ${appUser.identityId}, 'displayName', ${appUser.displayName}))
        from ${appUser} where ${appUser.identityId} = any(${sql.placeholder('personIds')}::uuid[])), '[]'::json)`,
    })
    .from(mission)
    .leftJoin(company, eq(company.id, mission.companyId))
    .leftJoin(building, eq(building.missionId, mission.id))
    .where(eq(mission.id, sql.placeholder('missionId')))
    .orderBy(asc(building.id)),
);

/** The detail DTO of a row already authorized (the actions answer with it too). */
export async function missionDetail(ctx: DomainContext, row: MissionRow, fullFields: boolean): Promise<MissionDetail> {
  // The buildings and the names beside the ids come in one query (a round trip per kind of name
  // was a third of this page's queries).
  const rows = await detailOf(ctx.db).execute({
    missionId: row.id,
    customerIds: [row.customerId, row.subCustomerId].filter((v): v is number => v !== null),
    personIds: [row.ownerId, row.assigneeId, row.createdBy].filter((v): v is string => v !== null),
  });
  const buildings = rows.flatMap((r) => (r.building ? [r.building] : []));
  const names = rows[0];
  const { tags = [], customers = [], people = [] } = names ?? {};
  const dto = toMissionDto(row, buildings.map(toBuildingDto), tags.map((t) => t.id));
  const view = toMissionView(dto, fullFields);
  const customerRef = (cid: number | null) => customers.find((c) => c.id === cid) ?? null;
  const person = (pid: string | null) => people.find((p) => p.identityId === pid) ?? null;
  const companyRef = names?.company ?? { id: row.companyId, name: '' };
  if (view.view === 'external') return { ...view, company: companyRef, customer: customerRef(row.customerId), tags };
  return {
    ...view,
    company: companyRef,
    customer: customerRef(row.customerId),
    subCustomer: customerRef(row.subCustomerId),
    owner: person(row.ownerId),
    assignee: person(row.assigneeId),
    creator: person(row.createdBy),
    tags,
  };
}
