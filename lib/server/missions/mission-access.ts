import 'server-only';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import { UPDATABLE_MISSION_FIELDS } from '@/lib/shared/schemas/mission-update';
import { seesAllTenants, type Actor } from '../auth/actor';
import type { MissionCapability } from '@/lib/shared/schemas/mission-page';

/**
 * Who may do what with one mission (spec §6, docs/permissions.md "Mission visibility",
 * docs/adr/0005-missions-api.md). A user's rights are the union over their roles; what a role
 * grants depends on how the user relates to the mission:
 *
 * | role | sees | may |
 * |---|---|---|
 * | admin, advanced (internal) | every mission, all fields | everything |
 * | customer | own company's missions; missions shared with their customer | own company: edit the customer fields, hide/show, share/revoke, edit buildings, read the audit trail. Shared: read only |
 * | operator | missions assigned to them; missions of their own company (the provider's staff) | edit the scan fields, hold/resume, read the audit trail, upload scans/photos (not CAD) |
 * | external | own company's missions; missions shared with their customer — reduced fields | own company: edit the external order fields |
 *
 * Anything not granted is 403 'not authorized to access mission id'; an unknown id is 404.
 */
export type { MissionCapability };

export interface MissionRelation {
  ownCompany: boolean;
  sharedWithMyCustomer: boolean;
  assignedToMe: boolean;
}

export interface MissionAccess {
  capabilities: ReadonlySet<MissionCapability>;
  /** Fields `update` may change. */
  editable: ReadonlySet<UpdatableMissionField>;
}

const CUSTOMER_FIELDS: UpdatableMissionField[] = [
  'name', 'customerId', 'subCustomerId', 'customerReference', 'address', 'latitude', 'longitude', 'products',
  'additionalProducts', 'description', 'blurringInstructions',
];
const OPERATOR_FIELDS: UpdatableMissionField[] = ['scanOperatorNotes', 'scanAppointment', 'startFromOffice', 'step'];
const EXTERNAL_FIELDS: UpdatableMissionField[] = ['externalDeliveryDate', 'externalMissionStatus', 'externalOrderReference'];

const ALL: MissionCapability[] = ['read', 'readAllFields', 'update', 'close', 'hide', 'hold', 'cloudSync', 'share', 'tag', 'editBuildings', 'readAudit', 'upload', 'uploadCad'];

function grantsOf(role: string, r: MissionRelation): { capabilities: MissionCapability[]; fields: UpdatableMissionField[] } {
  switch (role) {
    case 'customer':
      if (r.ownCompany) return { capabilities: ['read', 'readAllFields', 'update', 'hide', 'share', 'editBuildings', 'readAudit'], fields: CUSTOMER_FIELDS };
      if (r.sharedWithMyCustomer) return { capabilities: ['read', 'readAllFields'], fields: [] };
      break;
    case 'operator':
      if (r.ownCompany || r.assignedToMe) return { capabilities: ['read', 'readAllFields', 'update', 'hold', 'readAudit', 'upload'], fields: OPERATOR_FIELDS };
      break;
    case 'external':
      if (r.ownCompany) return { capabilities: ['read', 'update'], fields: EXTERNAL_FIELDS };
      if (r.sharedWithMyCustomer) return { capabilities: ['read'], fields: [] };
      break;
  }
  return { capabilities: [], fields: [] };
}

/** What a processor's token allows on any mission: read it, and upload its results. */
const PROCESSOR: MissionCapability[] = ['read', 'readAllFields', 'upload'];

export function missionAccess(actor: Actor, relation: MissionRelation): MissionAccess {
  if (actor.kind === 'processor') return { capabilities: new Set(PROCESSOR), editable: new Set() };
  if (seesAllTenants(actor)) return { capabilities: new Set(ALL), editable: new Set(UPDATABLE_MISSION_FIELDS) };
  const capabilities = new Set<MissionCapability>();
  const editable = new Set<UpdatableMissionField>();
  for (const role of actor.kind === 'user' ? actor.roles : []) {
    const granted = grantsOf(role, relation);
    granted.capabilities.forEach((c) => capabilities.add(c));
    granted.fields.forEach((f) => editable.add(f));
  }
  return { capabilities, editable };
}

/** Which relations make a mission visible for a role (the SQL in visibility.ts mirrors this). */
export const VISIBLE_THROUGH: Readonly<Record<string, readonly (keyof MissionRelation)[]>> = {
  customer: ['ownCompany', 'sharedWithMyCustomer'],
  operator: ['ownCompany', 'assignedToMe'],
  external: ['ownCompany', 'sharedWithMyCustomer'],
};
