import { z } from 'zod';
import { encodeIssue, issue } from '../validation/issue';
import { MISSION_NAME_MIN_LENGTH } from '../validation/mission';
import { utf8ByteLength } from '../validation/text';
import { identityIdSchema, idSchema, isoDate, isoDateTime, optionalText } from './common';
import { buildingInput, type BuildingDto } from './building';

/** spec §4 mission status. */
export const MISSION_STATUSES = ['created', 'in_progress', 'uploaded', 'delivered'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** spec §4 project step, in lifecycle order. */
export const PROJECT_STEPS = [
  'create', 'create_quote', 'track_offer', 'order_confirm', 'scan_appointment', 'confirm_delivery_date',
  'scan', 'scans_uploaded', 'data', 'pointcloud', 'quality_check', 'calculate', 'deliver',
  'check_payment', 'invoice', 'inform_customer', 'finished',
] as const;
export type ProjectStep = (typeof PROJECT_STEPS)[number];

/** Priority (values not in the spec); declared low → urgent so the enum sorts by urgency. */
export const MISSION_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type MissionPriority = (typeof MISSION_PRIORITIES)[number];

/** Processing pipeline status (values not in the spec); `paused` is what "hold" shows. */
export const PIPELINE_STATUSES = ['not_started', 'queued', 'processing', 'paused', 'failed', 'completed'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

/** Deliverables of spec §1; the building-materials partner's products are `additionalProducts`. */
export const MISSION_PRODUCTS = ['pointcloud', 'cad', 'floor_plan', 'facade'] as const;
export type MissionProduct = (typeof MISSION_PRODUCTS)[number];

/** Additional products from the building-materials partner (StoSim is the detail page's section). */
export const ADDITIONAL_PRODUCTS = ['stosim', 'facade_colour_design', 'thermal_insulation_plan'] as const;
export type AdditionalProduct = (typeof ADDITIONAL_PRODUCTS)[number];

/** State of the mission backup action (spec §2). */
export const BACKUP_STATES = ['none', 'pending', 'running', 'done', 'failed'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];

/** Cloud synchronisation state (spec §2 storage: sync, unsync, restore). */
export const CLOUD_SYNC_STATES = ['unsynced', 'syncing', 'synced', 'unsyncing', 'failed'] as const;
export type CloudSyncState = (typeof CLOUD_SYNC_STATES)[number];

/** spec §5 / §9 (the minimum lives with the mission-name rule of the validation library). */
export { MISSION_NAME_MIN_LENGTH };
export const MISSION_NAME_MAX_LENGTH = 200;
/**
 * spec §5 says maximum lengths apply but not their values; these are ours, in UTF-8 bytes
 * (the byte-counting text area of spec §2 enforces them in the UI, a check constraint in the DB).
 */
export const DESCRIPTION_MAX_BYTES = 5000;
export const BLURRING_INSTRUCTIONS_MAX_BYTES = 2000;
export const SCAN_OPERATOR_NOTES_MAX_BYTES = 2000;
export const EXTERNAL_ORDER_REFERENCE_MAX_BYTES = 100;

const bytes = (max: number) => z.string().refine((v) => utf8ByteLength(v) <= max, { message: `at most ${max} bytes` });

/** Fields a planner (any user allowed to create missions) sets. */
const plannedFields = {
  name: z.string().trim().min(MISSION_NAME_MIN_LENGTH).max(MISSION_NAME_MAX_LENGTH),
  companyId: idSchema,
  customerId: idSchema.optional(),
  subCustomerId: idSchema.optional(),
  internalReference: optionalText(100),
  customerReference: optionalText(100),
  orderConfirmationNumber: optionalText(100),
  ownerId: identityIdSchema.optional(),
  assigneeId: identityIdSchema.optional(),
  tagIds: z.array(idSchema).max(50).default([]),
  priority: z.enum(MISSION_PRIORITIES).default('normal'),
  address: optionalText(300),
  /** Defaults to the centroid of the first building. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  products: z.array(z.enum(MISSION_PRODUCTS)).min(1, encodeIssue(issue('validation.productRequired'))),
  additionalProducts: z.array(z.enum(ADDITIONAL_PRODUCTS)).default([]),
  scanAppointment: isoDateTime.optional(),
  startFromOffice: isoDateTime.optional(),
  deliveryDate: isoDate.optional(),
  pclDeliveryDate: isoDate.optional(),
  cadDeliveryDate: isoDate.optional(),
  externalDeliveryDate: isoDate.optional(),
  externalOrderReference: bytes(EXTERNAL_ORDER_REFERENCE_MAX_BYTES).optional(),
  description: bytes(DESCRIPTION_MAX_BYTES).optional(),
  pclTeamDescription: bytes(DESCRIPTION_MAX_BYTES).optional(),
  scanOperatorNotes: bytes(SCAN_OPERATOR_NOTES_MAX_BYTES).optional(),
  blurringInstructions: bytes(BLURRING_INSTRUCTIONS_MAX_BYTES)
    .refine((v) => v.trim() !== '', 'errors.missions.blurringEmpty')
    .optional(),
  /** spec §5: a mission without buildings cannot be saved. */
  buildings: z.array(buildingInput).min(1, 'errors.missions.lastBuilding').max(100),
};

/**
 * Lifecycle fields only internal users and the system may set at creation (imports, demo data);
 * everyone else gets the defaults and changes them through the mission actions.
 */
const lifecycleFields = {
  status: z.enum(MISSION_STATUSES).optional(),
  step: z.enum(PROJECT_STEPS).optional(),
  pipelineStatus: z.enum(PIPELINE_STATUSES).optional(),
  ready: z.boolean().optional(),
  approved: z.boolean().optional(),
  cloudOnline: z.boolean().optional(),
  closed: z.boolean().optional(),
  hidden: z.boolean().optional(),
  onHold: z.boolean().optional(),
  backupState: z.enum(BACKUP_STATES).optional(),
  backedUpAt: isoDateTime.optional(),
  cloudSyncState: z.enum(CLOUD_SYNC_STATES).optional(),
  cloudSyncedAt: isoDateTime.optional(),
  deliveredOn: isoDateTime.optional(),
  externalMissionStatus: optionalText(100),
  /** The "created on" date of an imported mission. */
  createdAt: isoDateTime.optional(),
};
export const MISSION_LIFECYCLE_FIELDS = Object.keys(lifecycleFields) as (keyof typeof lifecycleFields)[];

export const createMissionInput = z
  .object({ ...plannedFields, ...lifecycleFields })
  .superRefine((m, ctx) => {
    for (const [field, other] of [['pclDeliveryDate', m.pclDeliveryDate], ['cadDeliveryDate', m.cadDeliveryDate]] as const) {
      if (m.externalDeliveryDate && other && m.externalDeliveryDate <= other) {
        ctx.addIssue({ code: 'custom', path: ['externalDeliveryDate'], message: `errors.missions.after.${field}` });
      }
    }
    if (m.scanAppointment && m.startFromOffice && m.scanAppointment <= m.startFromOffice) {
      ctx.addIssue({ code: 'custom', path: ['scanAppointment'], message: 'errors.missions.after.startFromOffice' });
    }
    if (m.subCustomerId !== undefined && m.customerId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['subCustomerId'], message: 'errors.missions.needsCustomer' });
    }
  });
export type CreateMissionInput = z.input<typeof createMissionInput>;

export interface MissionDto {
  id: number;
  name: string;
  companyId: number;
  customerId: number | null;
  subCustomerId: number | null;
  internalReference: string | null;
  customerReference: string | null;
  orderConfirmationNumber: string | null;
  ownerId: string | null;
  assigneeId: string | null;
  tagIds: number[];
  priority: MissionPriority;
  status: MissionStatus;
  pipelineStatus: PipelineStatus;
  step: ProjectStep;
  ready: boolean;
  approved: boolean;
  cloudOnline: boolean;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  buildings: BuildingDto[];
  products: MissionProduct[];
  additionalProducts: AdditionalProduct[];
  scanAppointment: string | null;
  startFromOffice: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredOn: string | null;
  deliveryDate: string | null;
  pclDeliveryDate: string | null;
  cadDeliveryDate: string | null;
  externalDeliveryDate: string | null;
  externalMissionStatus: string | null;
  externalOrderReference: string | null;
  description: string | null;
  pclTeamDescription: string | null;
  scanOperatorNotes: string | null;
  blurringInstructions: string | null;
  closed: boolean;
  hidden: boolean;
  onHold: boolean;
  backupState: BackupState;
  backedUpAt: string | null;
  cloudSyncState: CloudSyncState;
  cloudSyncedAt: string | null;
  version: number;
}
