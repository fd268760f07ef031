import type { CreateMissionInput } from '@/lib/shared/schemas/mission';
import type { PlannedBuilding } from './drawing';
import { footprintOf } from './drawing';
import type { MissionFormValues } from './form-values';

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
const instant = (local: string) => {
  if (local === '') return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};
const id = (value: string) => (value === '' ? undefined : Number(value));

/** The POST /api/v2/missions body of the form and the drawn buildings (empty inputs are left out). */
export function createMissionBody(values: MissionFormValues, buildings: readonly PlannedBuilding[], storeyHeightM: number): CreateMissionInput {
  return {
    name: values.name.trim(),
    companyId: Number(values.companyId),
    customerId: id(values.customerId),
    subCustomerId: id(values.subCustomerId),
    internalReference: optional(values.internalReference),
    customerReference: optional(values.customerReference),
    orderConfirmationNumber: optional(values.orderConfirmationNumber),
    ownerId: optional(values.ownerId),
    assigneeId: optional(values.assigneeId),
    tagIds: values.tagIds.map(Number),
    // The form offers only the vocabularies' values; the server's schema checks them again.
    priority: values.priority as CreateMissionInput['priority'],
    products: values.products as CreateMissionInput['products'],
    additionalProducts: values.additionalProducts as CreateMissionInput['additionalProducts'],
    scanAppointment: instant(values.scanAppointment),
    startFromOffice: instant(values.startFromOffice),
    pclDeliveryDate: optional(values.pclDeliveryDate),
    cadDeliveryDate: optional(values.cadDeliveryDate),
    deliveryDate: optional(values.deliveryDate),
    externalDeliveryDate: optional(values.externalDeliveryDate),
    description: values.description === '' ? undefined : values.description,
    buildings: buildings.map((b) => buildingBody(b, storeyHeightM)),
  };
}

export function buildingBody(b: PlannedBuilding, storeyHeightM: number) {
  return { name: b.name.trim(), type: b.type, levels: b.levels, storeyHeight: storeyHeightM, footprint: footprintOf(b.ring) };
}
