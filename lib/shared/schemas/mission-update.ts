import { z } from 'zod';
import { encodeIssue, issue } from '../validation/issue';
import { maxBytesString } from '../validation/zod';
import { identityIdSchema, idSchema, isoDate, isoDateTime } from './common';
import {
  ADDITIONAL_PRODUCTS,
  BLURRING_INSTRUCTIONS_MAX_BYTES,
  DESCRIPTION_MAX_BYTES,
  EXTERNAL_ORDER_REFERENCE_MAX_BYTES,
  MISSION_NAME_MAX_LENGTH,
  MISSION_PRIORITIES,
  MISSION_PRODUCTS,
  MISSION_STATUSES,
  PIPELINE_STATUSES,
  PROJECT_STEPS,
  SCAN_OPERATOR_NOTES_MAX_BYTES,
} from './mission';

/*
 * A partial mission update (PATCH): only the fields present change; `null` clears an optional
 * field. Rules that need the stored mission (date order, the partner's name rule, blurring
 * instructions once set, delivery auto-fill) run in the update verb. Messages are encoded
 * validation issues (lib/shared/validation/issue.ts) so the UI shows them translated.
 */
const text = (max: number) => z.string().trim().max(max).nullable().optional();
const bytesText = (max: number) => maxBytesString(max).nullable().optional();

export const UPDATABLE_MISSION_FIELDS = [
  'name', 'companyId', 'customerId', 'subCustomerId', 'internalReference', 'customerReference', 'orderConfirmationNumber',
  'ownerId', 'assigneeId', 'priority', 'status', 'step', 'pipelineStatus', 'ready', 'approved', 'address', 'latitude',
  'longitude', 'products', 'additionalProducts', 'scanAppointment', 'startFromOffice', 'deliveredOn', 'deliveryDate',
  'pclDeliveryDate', 'cadDeliveryDate', 'externalDeliveryDate', 'externalMissionStatus', 'externalOrderReference',
  'description', 'pclTeamDescription', 'scanOperatorNotes', 'blurringInstructions',
] as const;
export type UpdatableMissionField = (typeof UPDATABLE_MISSION_FIELDS)[number];

export const updateMissionBody = z.strictObject({
  /** The version the caller last read; a stale one is refused with 409 version_conflict. */
  version: z.number().int().positive(),
  name: z.string().trim().min(1, encodeIssue(issue('validation.required'))).max(MISSION_NAME_MAX_LENGTH).optional(),
  companyId: idSchema.optional(),
  customerId: idSchema.nullable().optional(),
  subCustomerId: idSchema.nullable().optional(),
  internalReference: text(100),
  customerReference: text(100),
  orderConfirmationNumber: text(100),
  ownerId: identityIdSchema.nullable().optional(),
  assigneeId: identityIdSchema.nullable().optional(),
  priority: z.enum(MISSION_PRIORITIES).optional(),
  status: z.enum(MISSION_STATUSES).optional(),
  step: z.enum(PROJECT_STEPS).optional(),
  pipelineStatus: z.enum(PIPELINE_STATUSES).optional(),
  ready: z.boolean().optional(),
  approved: z.boolean().optional(),
  address: text(300),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  products: z.array(z.enum(MISSION_PRODUCTS)).min(1, encodeIssue(issue('validation.productRequired'))).optional(),
  additionalProducts: z.array(z.enum(ADDITIONAL_PRODUCTS)).optional(),
  scanAppointment: isoDateTime.nullable().optional(),
  startFromOffice: isoDateTime.nullable().optional(),
  deliveredOn: isoDateTime.nullable().optional(),
  deliveryDate: isoDate.nullable().optional(),
  pclDeliveryDate: isoDate.nullable().optional(),
  cadDeliveryDate: isoDate.nullable().optional(),
  externalDeliveryDate: isoDate.nullable().optional(),
  externalMissionStatus: text(100),
  externalOrderReference: bytesText(EXTERNAL_ORDER_REFERENCE_MAX_BYTES),
  description: bytesText(DESCRIPTION_MAX_BYTES),
  pclTeamDescription: bytesText(DESCRIPTION_MAX_BYTES),
  scanOperatorNotes: bytesText(SCAN_OPERATOR_NOTES_MAX_BYTES),
  blurringInstructions: bytesText(BLURRING_INSTRUCTIONS_MAX_BYTES),
});
export type UpdateMissionBody = z.input<typeof updateMissionBody>;
export type UpdateMissionInput = UpdateMissionBody & { id: number };
