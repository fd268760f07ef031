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
} from '@/lib/shared/schemas/mission';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';

/**
 * How each mission field of spec §3 is edited on the detail page. The editor kinds map onto the
 * PATCH body of lib/shared/schemas/mission-update.ts; limits are the schema's own constants, so
 * the form and the server refuse the same values. Server-side only in practice: the schemas bring
 * zod along, so the page passes the kinds of the editable fields to the browser as data
 * (zod would add tens of kB to the page's first load).
 */
export type FieldKind =
  | { kind: 'text'; maxLength: number }
  /** The byte-counting text area (spec §2/§5). */
  | { kind: 'bytes'; maxBytes: number; required?: boolean }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'boolean' }
  /** A calendar day, 'YYYY-MM-DD'. */
  | { kind: 'date' }
  /** An instant, ISO 8601 with offset. */
  | { kind: 'datetime' }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'multi'; values: readonly string[] }
  | { kind: 'company' }
  | { kind: 'customer' }
  | { kind: 'subCustomer' }
  | { kind: 'user' };

export const FIELD_KINDS: Readonly<Record<UpdatableMissionField, FieldKind>> = {
  name: { kind: 'text', maxLength: MISSION_NAME_MAX_LENGTH },
  companyId: { kind: 'company' },
  customerId: { kind: 'customer' },
  subCustomerId: { kind: 'subCustomer' },
  internalReference: { kind: 'text', maxLength: 100 },
  customerReference: { kind: 'text', maxLength: 100 },
  orderConfirmationNumber: { kind: 'text', maxLength: 100 },
  ownerId: { kind: 'user' },
  assigneeId: { kind: 'user' },
  priority: { kind: 'enum', values: MISSION_PRIORITIES },
  status: { kind: 'enum', values: MISSION_STATUSES },
  step: { kind: 'enum', values: PROJECT_STEPS },
  pipelineStatus: { kind: 'enum', values: PIPELINE_STATUSES },
  ready: { kind: 'boolean' },
  approved: { kind: 'boolean' },
  address: { kind: 'text', maxLength: 300 },
  latitude: { kind: 'number', min: -90, max: 90 },
  longitude: { kind: 'number', min: -180, max: 180 },
  products: { kind: 'multi', values: MISSION_PRODUCTS },
  additionalProducts: { kind: 'multi', values: ADDITIONAL_PRODUCTS },
  scanAppointment: { kind: 'datetime' },
  startFromOffice: { kind: 'datetime' },
  deliveredOn: { kind: 'datetime' },
  deliveryDate: { kind: 'date' },
  pclDeliveryDate: { kind: 'date' },
  cadDeliveryDate: { kind: 'date' },
  externalDeliveryDate: { kind: 'date' },
  externalMissionStatus: { kind: 'text', maxLength: 100 },
  externalOrderReference: { kind: 'bytes', maxBytes: EXTERNAL_ORDER_REFERENCE_MAX_BYTES },
  description: { kind: 'bytes', maxBytes: DESCRIPTION_MAX_BYTES },
  pclTeamDescription: { kind: 'bytes', maxBytes: DESCRIPTION_MAX_BYTES },
  scanOperatorNotes: { kind: 'bytes', maxBytes: SCAN_OPERATOR_NOTES_MAX_BYTES },
  // spec §5: blurring instructions cannot be empty.
  blurringInstructions: { kind: 'bytes', maxBytes: BLURRING_INSTRUCTIONS_MAX_BYTES, required: true },
};

/** The kinds of the fields a user may edit: what the server hands the page's editors. */
export function kindsOf(fields: readonly UpdatableMissionField[]): Partial<Record<UpdatableMissionField, FieldKind>> {
  return Object.fromEntries(fields.map((f) => [f, FIELD_KINDS[f]]));
}
