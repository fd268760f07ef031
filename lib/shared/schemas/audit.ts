import { z } from 'zod';

/** One entry of a mission's audit trail (who, when, what), newest first on the detail page. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** Identity id; null when the system made the change. */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  /** Changed fields as { field: [before, after] }, or the created values. */
  diff: z.record(z.string(), z.unknown()),
});
export type AuditEventDto = z.output<typeof auditEventSchema>;

export const auditPageSchema = z.object({ items: z.array(auditEventSchema), nextCursor: z.string().nullable() });
export type AuditPage = z.output<typeof auditPageSchema>;

export const auditQuery = z.object({
  /** The id of the last event of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
