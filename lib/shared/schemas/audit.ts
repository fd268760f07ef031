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

const nameMap = z.record(z.string(), z.string());

/**
 * Names of what a page's entries point to, so the trail shows people, companies, customers,
 * scans, uploads, buildings, images, 3D viewer items, rendered slices, tours and panelizer projects
 * by name instead of ids: users by identity id, the others by their id (an image by its file name).
 */
export const auditNamesSchema = z.object({
  users: nameMap.default({}),
  companies: nameMap.default({}),
  customers: nameMap.default({}),
  datasets: nameMap.default({}),
  uploads: nameMap.default({}),
  buildings: nameMap.default({}),
  images: nameMap.default({}),
  measurements: nameMap.default({}),
  renderedSlices: nameMap.default({}),
  tours: nameMap.default({}),
  panelizerProjects: nameMap.default({}),
});
export type AuditNames = z.output<typeof auditNamesSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
  // No names given: every kind empty (each kind's own default), so a new kind needs no second list here.
  names: auditNamesSchema.prefault({}),
});
export type AuditPage = z.output<typeof auditPageSchema>;

export const auditQuery = z.object({
  /** The id of the last event of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
