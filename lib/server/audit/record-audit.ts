import 'server-only';
import { auditEvent } from '../db/schema';
import { actorId } from '../auth/actor';
import type { DomainContext } from '../domain/context';

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  missionId?: number | null;
  diff?: Record<string, unknown>;
}

/** Appends one audit event; call it inside the write's transaction so both commit together. */
export async function recordAudit(ctx: Pick<DomainContext, 'db' | 'actor' | 'requestId'>, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditEvent).values({
    actorId: actorId(ctx.actor),
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    missionId: entry.missionId ?? null,
    diff: toJson(entry.diff ?? {}),
    requestId: ctx.requestId ?? null,
  });
}

/** Dates as ISO strings and undefined dropped, so the diff is plain JSON. */
function toJson(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
