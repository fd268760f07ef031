import { z } from 'zod';
import { auditPageSchema, auditQuery } from '@/lib/shared/schemas/audit';
import { buildingInput, replacePlanBody, updateBuildingBody } from '@/lib/shared/schemas/building';
import { idSchema } from '@/lib/shared/schemas/common';
import { createMissionInput } from '@/lib/shared/schemas/mission';
import { missionShareItemSchema } from '@/lib/shared/schemas/mission-share';
import { updateMissionBody } from '@/lib/shared/schemas/mission-update';
import {
  buildingSchema,
  cloudSyncBody,
  missionActionBody,
  missionDetailSchema,
  missionIdParams,
  missionListFilters,
  missionListQuery,
  missionNeighboursSchema,
  missionPageSchema,
  missionSchema,
} from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

const tag = 'missions';
const id = z.coerce.number().pipe(idSchema);

export const listMissions = endpoint({
  method: 'GET',
  path: '/api/v2/missions',
  summary: 'A page of the missions the user may see: filters, sort (ties broken by id), keyset cursor; hidden missions only with includeHidden',
  tag,
  query: missionListQuery,
  response: missionPageSchema,
});

export const createMission = endpoint({
  method: 'POST',
  path: '/api/v2/missions',
  summary: 'Creates a mission with its buildings (at least one); customers only for their own company',
  tag,
  body: createMissionInput,
  response: missionSchema.omit({ view: true }),
  status: 201,
});

export const getMission = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}',
  summary: "One mission with the names of its company, customers, people and tags; external users get the reduced 'external' view",
  tag,
  params: missionIdParams,
  response: missionDetailSchema,
});

export const updateMission = endpoint({
  method: 'PATCH',
  path: '/api/v2/missions/{id}',
  summary: 'Changes the given fields (null clears); 409 version_conflict when `version` is stale, 403 for a field the user may not edit',
  tag,
  params: missionIdParams,
  body: updateMissionBody,
  response: missionDetailSchema,
});

export const getMissionNeighbours = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/neighbours',
  summary: 'The previous and next mission in a list order (same filters and sort as the list)',
  tag,
  params: missionIdParams,
  query: missionListFilters,
  response: missionNeighboursSchema,
});

const action = (name: string, summary: string) =>
  endpoint({ method: 'POST', path: `/api/v2/missions/{id}/${name}`, summary, tag, params: missionIdParams, body: missionActionBody, response: missionDetailSchema });

export const closeMission = action('close', 'Closes the mission (internal users); audited, version bumped');
export const reopenMission = action('reopen', 'Reopens a closed mission (internal users)');
export const hideMission = action('hide', 'Hides the mission from the default lists');
export const showMission = action('show', 'Shows a hidden mission in the default lists again');
export const holdMission = action('hold', 'Puts the mission on hold: a queued or running calculation pauses');
export const resumeMission = action('resume', 'Ends the hold: a paused calculation is queued again');

export const setMissionCloudSync = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/cloud-sync',
  summary: 'Starts the sync of the mission\'s files to the cloud (background job; `online: false` starts the unsync instead). Permission storage; 409 while another storage operation of the mission runs',
  tag,
  params: missionIdParams,
  body: cloudSyncBody,
  response: missionDetailSchema,
});

export const listMissionShares = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/shares',
  summary: 'The customers the mission is shared with: shared by, shared with, date',
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(missionShareItemSchema) }),
});

export const shareMission = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/shares',
  summary: 'Shares the mission with an additional customer (again: no change)',
  tag,
  params: missionIdParams,
  body: z.object({ customerId: idSchema }),
  response: z.object({ missionId: z.number().int(), customerId: z.number().int(), sharedBy: z.string().nullable(), sharedAt: z.iso.datetime({ offset: true }) }),
  status: 201,
});

export const revokeMissionShare = endpoint({
  method: 'DELETE',
  path: '/api/v2/missions/{id}/shares/{customerId}',
  summary: 'Revokes a share: the customer no longer sees the mission',
  tag,
  params: missionIdParams.extend({ customerId: id }),
  response: z.null(),
  status: 204,
});

export const listMissionBuildings = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/buildings',
  summary: 'The buildings of the mission with their geodesic measures',
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(buildingSchema) }),
});

export const createBuilding = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/buildings',
  summary: 'Adds a building; ground area, perimeter and facade area are measured from the footprint',
  tag,
  params: missionIdParams,
  body: buildingInput,
  response: buildingSchema,
  status: 201,
});

export const replaceMissionPlan = endpoint({
  method: 'PUT',
  path: '/api/v2/missions/{id}/buildings',
  summary:
    "Saves the mission's whole plan at once: buildings with id and version are changed, those without are added, those in `removed` (with version) are deleted; all or nothing (404 for an id not of this mission; 409 version_conflict when a version is stale or a stored building is in neither list)",
  tag,
  params: missionIdParams,
  body: replacePlanBody,
  response: z.object({ items: z.array(buildingSchema) }),
});

export const updateBuilding = endpoint({
  method: 'PATCH',
  path: '/api/v2/buildings/{id}',
  summary: 'Changes a building (409 version_conflict when stale); the measures follow',
  tag,
  params: missionIdParams,
  body: updateBuildingBody,
  response: buildingSchema,
});

export const deleteBuilding = endpoint({
  method: 'DELETE',
  path: '/api/v2/buildings/{id}',
  summary: 'Removes a building; the last building of a mission stays (409)',
  tag,
  params: missionIdParams,
  response: z.null(),
  status: 204,
});

export const attachMissionTag = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/tags',
  summary: "Puts a tag on the mission (internal users); answers the mission's tag ids",
  tag,
  params: missionIdParams,
  body: z.object({ tagId: idSchema }),
  response: z.object({ tagIds: z.array(z.number().int()) }),
});

export const detachMissionTag = endpoint({
  method: 'DELETE',
  path: '/api/v2/missions/{id}/tags/{tagId}',
  summary: "Takes a tag off the mission (internal users); answers the mission's tag ids",
  tag,
  params: missionIdParams.extend({ tagId: id }),
  response: z.object({ tagIds: z.array(z.number().int()) }),
});

export const listMissionAudit = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/audit',
  summary: 'The audit trail of the mission (who, when, what), newest first',
  tag,
  params: missionIdParams,
  query: auditQuery,
  response: auditPageSchema,
});
