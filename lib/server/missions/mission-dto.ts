import 'server-only';
import type { BuildingDto } from '@/lib/shared/schemas/building';
import type { MissionDto } from '@/lib/shared/schemas/mission';
import {
  EXTERNAL_MISSION_FIELDS,
  type ExternalMissionField,
  type externalMissionSchema,
  type missionSchema,
} from '@/lib/shared/schemas/mission-view';
import type { z } from 'zod';
import type { building, mission } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBuildingDto(row: typeof building.$inferSelect): BuildingDto {
  return {
    id: row.id,
    missionId: row.missionId,
    name: row.name,
    type: row.type,
    footprint: row.footprint,
    groundArea: row.groundArea,
    facadeArea: row.facadeArea,
    perimeter: row.perimeter,
    levels: row.levels,
    storeyHeight: row.storeyHeight,
    version: row.version,
  };
}

/** A mission row as toMissionFields reads it: the search text is the filter's, not a field. */
export type MissionFieldsRow = Omit<typeof mission.$inferSelect, 'searchText'>;

/** Every field of spec §3 Mission but its buildings (a list row shows their count instead). */
export function toMissionFields(row: MissionFieldsRow, tagIds: number[]): Omit<MissionDto, 'buildings'> {
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    customerId: row.customerId,
    subCustomerId: row.subCustomerId,
    internalReference: row.internalReference,
    customerReference: row.customerReference,
    orderConfirmationNumber: row.orderConfirmationNumber,
    ownerId: row.ownerId,
    assigneeId: row.assigneeId,
    tagIds,
    priority: row.priority,
    status: row.status,
    pipelineStatus: row.pipelineStatus,
    step: row.step,
    ready: row.ready,
    approved: row.approved,
    cloudOnline: row.cloudOnline,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    products: row.products,
    additionalProducts: row.additionalProducts,
    scanAppointment: iso(row.scanAppointment),
    startFromOffice: iso(row.startFromOffice),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveredOn: iso(row.deliveredOn),
    deliveryDate: row.deliveryDate,
    pclDeliveryDate: row.pclDeliveryDate,
    cadDeliveryDate: row.cadDeliveryDate,
    externalDeliveryDate: row.externalDeliveryDate,
    externalMissionStatus: row.externalMissionStatus,
    externalOrderReference: row.externalOrderReference,
    description: row.description,
    pclTeamDescription: row.pclTeamDescription,
    scanOperatorNotes: row.scanOperatorNotes,
    blurringInstructions: row.blurringInstructions,
    closed: row.closed,
    hidden: row.hidden,
    onHold: row.onHold,
    backupState: row.backupState,
    backedUpAt: iso(row.backedUpAt),
    cloudSyncState: row.cloudSyncState,
    cloudSyncedAt: iso(row.cloudSyncedAt),
    version: row.version,
  };
}

export function toMissionDto(row: typeof mission.$inferSelect, buildings: BuildingDto[], tagIds: number[]): MissionDto {
  return { ...toMissionFields(row, tagIds), buildings };
}

/** The mission as the actor may see it: every field, or the external view's reduced set. */
export function toMissionView(dto: MissionDto, fullFields: boolean): MissionView {
  if (fullFields) return { view: 'full', ...dto };
  return { view: 'external', ...externalFields(dto), buildings: dto.buildings };
}

/** The fields of the external view, picked from every field. */
export function externalFields<T extends Pick<MissionDto, ExternalMissionField>>(fields: T): Pick<MissionDto, ExternalMissionField> {
  return Object.fromEntries(EXTERNAL_MISSION_FIELDS.map((f) => [f, fields[f]])) as Pick<MissionDto, ExternalMissionField>;
}

export type MissionView = z.output<typeof missionSchema> | z.output<typeof externalMissionSchema>;
