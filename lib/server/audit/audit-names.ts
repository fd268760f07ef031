import 'server-only';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditNamesSchema, type AuditEventDto, type AuditNames } from '@/lib/shared/schemas/audit';
import { appUser, building, company, customer, dataset, measurement, missionFile, missionImage, panelizerProject, renderedSlice, tour, upload } from '../db/schema';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import type { DomainContext } from '../domain/context';

/** Diff fields that hold a reference, by what they point to (mission fields, share entries). */
const USER_FIELDS = ['ownerId', 'assigneeId', 'sharedBy', 'createdBy'];
const COMPANY_FIELDS = ['companyId'];
const CUSTOMER_FIELDS = ['customerId', 'subCustomerId', 'sharedWith'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every value a diff field holds: a plain value, or both sides of a [before, after] change. */
function valuesOf(diff: Record<string, unknown>, fields: readonly string[]): unknown[] {
  return fields.flatMap((f) => (Array.isArray(diff[f]) ? (diff[f] as unknown[]) : [diff[f]]));
}

const ids = (values: unknown[]) => [...new Set(values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
const uuids = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && UUID.test(v)))];

/** The names of one kind, as an object by id ('{}' when none is asked for). */
const namesBy = (table: PgTable, id: PgColumn, name: PgColumn, idType: 'uuid' | 'bigint' | 'text', placeholder: string) =>
  sql<Record<string, string>>`(select coalesce(json_object_agg(${id}, ${name}), '{}'::json) from ${table} where ${id} = any(${sql.placeholder(placeholder)}::${sql.raw(idType)}[]))`;

/** An image is named by its file (the name the mission page's downloads show). */
const imageNames = sql<Record<string, string>>`(select coalesce(json_object_agg(i.id, f.filename), '{}'::json) from ${missionImage} i join ${missionFile} f on f.id = i.mission_file_id where i.id = any(${sql.placeholder('images')}::bigint[]))`;

/** Every kind of name in one round trip (built-once.ts): a trail's page asked in up to eleven. */
const namesOf = builtOnce((db: Db) =>
  db
    .select({
      users: namesBy(appUser, appUser.identityId, appUser.displayName, 'uuid', 'users'),
      companies: namesBy(company, company.id, company.name, 'bigint', 'companies'),
      customers: namesBy(customer, customer.id, customer.name, 'bigint', 'customers'),
      datasets: namesBy(dataset, dataset.id, dataset.datasetId, 'bigint', 'datasets'),
      uploads: namesBy(upload, upload.id, upload.filename, 'text', 'uploads'),
      buildings: namesBy(building, building.id, building.name, 'bigint', 'buildings'),
      images: imageNames,
      measurements: namesBy(measurement, measurement.id, measurement.name, 'bigint', 'measurements'),
      renderedSlices: namesBy(renderedSlice, renderedSlice.id, renderedSlice.name, 'bigint', 'renderedSlices'),
      tours: namesBy(tour, tour.id, tour.name, 'bigint', 'tours'),
      panelizerProjects: namesBy(panelizerProject, panelizerProject.id, panelizerProject.name, 'uuid', 'panelizerProjects'),
    })
    .from(sql`(values (1)) as one`),
);

/**
 * The names a page of audit entries refers to. Only names the reader may already see on the
 * mission page are asked for (its people, companies and customers, its scans, uploads, buildings,
 * images, 3D viewer items, rendered slices, tours and panelizer projects), so this reveals nothing
 * the trail's ids did not.
 */
export async function auditNames(ctx: DomainContext, items: readonly AuditEventDto[]): Promise<AuditNames> {
  const about = (entity: string) => items.filter((e) => e.entity === entity).map((e) => e.entityId);
  const asked = {
    users: uuids(items.flatMap((e) => [e.actorId, ...valuesOf(e.diff, USER_FIELDS)])),
    companies: ids(items.flatMap((e) => valuesOf(e.diff, COMPANY_FIELDS))),
    customers: ids(items.flatMap((e) => valuesOf(e.diff, CUSTOMER_FIELDS))),
    datasets: ids(about('dataset')),
    uploads: [...new Set(about('upload'))],
    buildings: ids(about('building')),
    images: ids(about('mission_image')),
    measurements: ids(about('measurement')),
    renderedSlices: ids(about('rendered_slice')),
    tours: ids(about('tour')),
    panelizerProjects: uuids(about('panelizer_project')),
  };
  const none = auditNamesSchema.parse({});
  if (Object.values(asked).every((list) => list.length === 0)) return none;
  const [names] = await namesOf(ctx.db).execute(asked);
  return names ?? none;
}
