import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { appUser, auditEvent } from '../../db/schema';
import type { DomainContext } from '../../domain/context';
import { requireMission } from '../visibility';
import type { StatusChange, StatusHistoryEntry } from '@/lib/shared/schemas/status-history';

export type { StatusChange, StatusHistoryEntry } from '@/lib/shared/schemas/status-history';

/**
 * Lifecycle events: what the mission went through, without the field-by-field edits. 'confirm' is
 * the customer's confirmation link moving the step on (confirmations/confirm-by-token.ts).
 */
export const LIFECYCLE_ACTIONS = ['create', 'update', 'close', 'reopen', 'hide', 'show', 'hold', 'resume', 'restore', 'confirm'];
const TRACKED = { status: MISSION_STATUSES as readonly string[], step: PROJECT_STEPS as readonly string[] };
const MAX_EVENTS = 500;

/**
 * The status history of the print view (spec §2), read from the audit trail, oldest first: the
 * creation with its first status and step, every change of status or step, and the lifecycle
 * actions. Only for users who may read the trail (mission-access.ts `readAudit`), like the detail page.
 */
export async function missionStatusHistory(ctx: DomainContext, missionId: number): Promise<StatusHistoryEntry[]> {
  await requireMission(ctx, missionId, 'readAudit');
  const rows = await ctx.db
    .select({ id: auditEvent.id, at: auditEvent.at, action: auditEvent.action, diff: auditEvent.diff, actorName: appUser.displayName })
    .from(auditEvent)
    .leftJoin(appUser, eq(appUser.identityId, auditEvent.actorId))
    .where(and(eq(auditEvent.missionId, missionId), eq(auditEvent.entity, 'mission'), inArray(auditEvent.action, LIFECYCLE_ACTIONS)))
    .orderBy(asc(auditEvent.at), asc(auditEvent.id))
    .limit(MAX_EVENTS);
  const entries: StatusHistoryEntry[] = [];
  for (const row of rows) {
    const changes = changesOf(row.action, row.diff);
    // Edits that touched neither status nor step are not part of the status history.
    if (row.action === 'update' && changes.length === 0) continue;
    entries.push({ id: row.id, at: row.at.toISOString(), actorName: row.actorName, action: row.action, changes });
  }
  return entries;
}

function changesOf(action: string, diff: Record<string, unknown>): StatusChange[] {
  const changes: StatusChange[] = [];
  for (const field of ['status', 'step'] as const) {
    const value = diff[field];
    if (action === 'create' && typeof value === 'string' && TRACKED[field].includes(value)) changes.push({ field, from: null, to: value });
    if (Array.isArray(value) && value.length === 2 && typeof value[1] === 'string' && TRACKED[field].includes(value[1])) {
      changes.push({ field, from: typeof value[0] === 'string' ? value[0] : null, to: value[1] });
    }
  }
  return changes;
}
