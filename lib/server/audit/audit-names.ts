import 'server-only';
import { inArray } from 'drizzle-orm';
import type { AuditEventDto, AuditNames } from '@/lib/shared/schemas/audit';
import { appUser, company, customer, dataset, upload } from '../db/schema';
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

/**
 * The names a page of audit entries refers to, read in one query per kind. Only names the
 * reader may already see on the mission page are asked for (its people, companies and customers,
 * its scans and uploads), so this reveals nothing the trail's ids did not.
 */
export async function auditNames(ctx: DomainContext, items: readonly AuditEventDto[]): Promise<AuditNames> {
  const userIds = uuids(items.flatMap((e) => [e.actorId, ...valuesOf(e.diff, USER_FIELDS)]));
  const companyIds = ids(items.flatMap((e) => valuesOf(e.diff, COMPANY_FIELDS)));
  const customerIds = ids(items.flatMap((e) => valuesOf(e.diff, CUSTOMER_FIELDS)));
  const datasetIds = ids(items.filter((e) => e.entity === 'dataset').map((e) => e.entityId));
  const uploadIds = [...new Set(items.filter((e) => e.entity === 'upload').map((e) => e.entityId))];
  const [users, companies, customers, datasets, uploads] = await Promise.all([
    userIds.length ? ctx.db.select({ id: appUser.identityId, name: appUser.displayName }).from(appUser).where(inArray(appUser.identityId, userIds)) : [],
    companyIds.length ? ctx.db.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, companyIds)) : [],
    customerIds.length ? ctx.db.select({ id: customer.id, name: customer.name }).from(customer).where(inArray(customer.id, customerIds)) : [],
    datasetIds.length ? ctx.db.select({ id: dataset.id, name: dataset.datasetId }).from(dataset).where(inArray(dataset.id, datasetIds)) : [],
    uploadIds.length ? ctx.db.select({ id: upload.id, name: upload.filename }).from(upload).where(inArray(upload.id, uploadIds)) : [],
  ]);
  const byId = (rows: readonly { id: string | number; name: string }[]) => Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
  return { users: byId(users), companies: byId(companies), customers: byId(customers), datasets: byId(datasets), uploads: byId(uploads) };
}
