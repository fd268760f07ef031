import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { updateMissionBody, type UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import { externalDeliveryAfter, scanAfterStart } from '@/lib/shared/validation/dates';
import { encodeIssue, issue, type ValidationIssue } from '@/lib/shared/validation/issue';
import { missionName } from '@/lib/shared/validation/mission';
import { deliveryAutoFill } from '@/lib/shared/validation/working-days';
import { recordAudit } from '../audit/record-audit';
import { appUser, company, customer, mission } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { AppError, versionConflict } from '../errors';
import { missionDetail } from './get-mission';
import { NOT_AUTHORIZED_MISSION, NOT_AUTHORIZED_MISSION_KEY, requireMission, type MissionRow } from './visibility';

type Changes = Partial<Pick<MissionRow, UpdatableMissionField>>;

/** The PATCH body (parsed by the route handler) and the mission id of the path. */
const updateMissionInput = updateMissionBody.extend({ id: idSchema });
export type UpdateMissionData = z.output<typeof updateMissionInput>;
type FieldIssues = Record<string, string[]>;

/** Text fields where an empty string means "not set" (spec §5: empty input is undefined). */
const CLEARED_WHEN_EMPTY = [
  'internalReference', 'customerReference', 'orderConfirmationNumber', 'address', 'externalMissionStatus',
  'externalOrderReference', 'description', 'pclTeamDescription', 'scanOperatorNotes',
] as const;

/**
 * A partial update of a mission (PATCH) with optimistic concurrency: `version` must be the
 * stored one, else 409 version_conflict. Each changed field must be editable by the actor
 * (mission-access.ts), and every spec §5 rule is checked against the mission as it would be
 * after the change: the name rule (with the materials partner's), byte limits (schema),
 * blurring instructions that cannot be emptied once set, the date order, and the delivery
 * date auto-fill when the pcl or cad date changes without an explicit delivery date.
 */
export async function updateMission(ctx: DomainContext, input: UpdateMissionData): Promise<MissionDetail> {
  const { id, version, ...patch } = input;
  return inTransaction(ctx, async (tx) => {
    const { row, access } = await requireMission(tx, id, 'update', { lock: true });
    if (row.version !== version) throw versionConflict('mission');

    const changes: Changes = {};
    for (const [field, value] of Object.entries(patch) as [UpdatableMissionField, unknown][]) {
      if (value === undefined) continue;
      (changes as Record<string, unknown>)[field] = value;
    }
    const refused = Object.keys(changes).filter((f) => !access.editable.has(f as UpdatableMissionField));
    if (refused.length) {
      throw new AppError('not_authorized', NOT_AUTHORIZED_MISSION, { missionId: id, fields: Object.fromEntries(refused.map((f) => [f, ['errors.fieldNotEditable']])) }, NOT_AUTHORIZED_MISSION_KEY);
    }
    for (const field of CLEARED_WHEN_EMPTY) if (changes[field] === '') changes[field] = null;

    const next = { ...row, ...changes };
    const autoFill = ('pclDeliveryDate' in changes || 'cadDeliveryDate' in changes) && !('deliveryDate' in changes);
    if (autoFill) changes.deliveryDate = deliveryAutoFill({ pcl: next.pclDeliveryDate, cad: next.cadDeliveryDate }) ?? row.deliveryDate;

    await checkRules(tx, row, { ...next, ...changes }, changes);

    const diff: Record<string, [unknown, unknown]> = {};
    for (const [field, value] of Object.entries(changes) as [UpdatableMissionField, unknown][]) {
      if (!same(row[field], value)) diff[field] = [row[field], value];
    }
    if (Object.keys(diff).length === 0) return missionDetail(tx, row, access.capabilities.has('readAllFields'));

    const [updated] = await tx.db
      .update(mission)
      .set({ ...changes, updatedAt: sql`now()`, version: sql`${mission.version} + 1` })
      .where(and(eq(mission.id, id), eq(mission.version, version)))
      .returning()
      .catch(checkViolation);
    if (!updated) throw versionConflict('mission');
    await recordAudit(tx, { entity: 'mission', entityId: id, missionId: id, action: 'update', diff });
    return missionDetail(tx, updated, access.capabilities.has('readAllFields'));
  });
}

async function checkRules(ctx: DomainContext, before: MissionRow, after: MissionRow, changes: Changes): Promise<void> {
  const issues: FieldIssues = {};
  const add = (field: string, found: ValidationIssue | string | null) => {
    if (found) (issues[field] ??= []).push(typeof found === 'string' ? found : encodeIssue(found));
  };

  if ('name' in changes || 'companyId' in changes) {
    const [owner] = await ctx.db.select({ isMaterialsPartner: company.isMaterialsPartner }).from(company).where(eq(company.id, after.companyId));
    if (!owner) add('companyId', 'errors.missions.companyNotFound');
    else add('name', missionName({ isBuildingMaterialsPartner: owner.isMaterialsPartner })(after.name));
  }
  if ('blurringInstructions' in changes) {
    const value = changes.blurringInstructions;
    // spec §5: blurring instructions cannot be empty; once given they can be changed, not removed.
    if ((value === null && before.blurringInstructions !== null) || (typeof value === 'string' && value.trim() === '')) {
      add('blurringInstructions', issue('validation.required'));
    }
  }
  add('externalDeliveryDate', externalDeliveryAfter({ external: after.externalDeliveryDate, pcl: after.pclDeliveryDate, cad: after.cadDeliveryDate }));
  add('scanAppointment', scanAfterStart({ scan: after.scanAppointment, startFromOffice: after.startFromOffice }));

  if ('customerId' in changes || 'subCustomerId' in changes || 'companyId' in changes) {
    const ids = [after.customerId, after.subCustomerId].filter((v): v is number => v !== null);
    const found = ids.length
      ? await ctx.db.select({ id: customer.id, companyId: customer.companyId, parentId: customer.parentId }).from(customer).where(inArray(customer.id, ids))
      : [];
    const main = found.find((c) => c.id === after.customerId);
    if (after.customerId !== null && (!main || main.companyId !== after.companyId)) add('customerId', 'errors.missions.customerNotOfCompany');
    if (after.subCustomerId !== null) {
      const sub = found.find((c) => c.id === after.subCustomerId);
      if (after.customerId === null) add('subCustomerId', 'errors.missions.needsCustomer');
      else if (!sub || sub.parentId !== after.customerId) add('subCustomerId', 'errors.missions.notSubCustomer');
    }
  }
  for (const field of ['ownerId', 'assigneeId'] as const) {
    const person = changes[field];
    if (!person) continue;
    const [known] = await ctx.db.select({ id: appUser.identityId }).from(appUser).where(eq(appUser.identityId, person));
    if (!known) add(field, 'errors.missions.userNotFound');
  }
  if (Object.keys(issues).length) throw new AppError('validation', 'invalid input', { fields: issues });
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A database check the schema above missed is still the caller's input problem: 400, not 500. */
function checkViolation(err: unknown): never {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23514') throw new AppError('validation', 'invalid input', { fields: { _: [`violates ${String(pg.constraint)}`] } });
  }
  throw err;
}

/** updateMission for JSON-shaped input (tests, scripts): parsed with the endpoint's schemas first. */
export const updateMissionFromJson = parsedBy(updateMissionInput, updateMission);
