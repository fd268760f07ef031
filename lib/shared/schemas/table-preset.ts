import { z } from 'zod';
import '../validation/zod-messages';

/**
 * Columns the missions table can show (spec §2 missions table, §3 Table preset). The project
 * list's fixed columns are among them.
 */
export const MISSION_TABLE_COLUMNS = [
  'id', 'name', 'company', 'customer', 'subCustomer', 'internalReference', 'customerReference', 'orderConfirmationNumber',
  'owner', 'assignee', 'tags', 'priority', 'status', 'pipelineStatus', 'step', 'ready', 'approved', 'cloudOnline',
  'address', 'buildings', 'products', 'additionalProducts', 'scanAppointment', 'startFromOffice', 'createdBy',
  'createdAt', 'deliveredOn', 'deliveryDate', 'pclDeliveryDate', 'cadDeliveryDate', 'externalDeliveryDate',
  'externalMissionStatus', 'externalOrderReference', 'closed', 'hidden', 'onHold', 'cloudSyncState',
] as const;
export type MissionTableColumn = (typeof MISSION_TABLE_COLUMNS)[number];

export const createTablePresetBody = z.object({
  name: z.string().trim().min(1).max(100),
  columns: z
    .array(z.enum(MISSION_TABLE_COLUMNS))
    .min(1)
    .max(MISSION_TABLE_COLUMNS.length)
    .refine((c) => new Set(c).size === c.length, 'errors.missions.columnOnce'),
});
export type CreateTablePresetInput = z.input<typeof createTablePresetBody>;

export const tablePresetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(z.enum(MISSION_TABLE_COLUMNS)),
  createdAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
});
export type TablePresetDto = z.output<typeof tablePresetSchema>;
