import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import {
  datasetListQuery,
  datasetSchema,
  missionPointcloudSchema,
  pipelineItemSchema,
  POINTCLOUD_FILES,
  updateDatasetBody,
} from '@/lib/shared/schemas/dataset';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/*
 * spec §3 Dataset (scan), §4 its statuses, §2 /pipeline and the mission detail's "scans" and
 * "pointcloud and CAD" (issue 14): datasets are made by scan uploads (/api/v2/uploads), imported,
 * converted to Potree 2.0 and served to the 3D viewer with Range.
 */

const tag = 'datasets';
const id = z.coerce.number().pipe(idSchema);
const datasetParams = z.object({ id });
const file = z.enum(POINTCLOUD_FILES);
const noBody = z.object({}).optional();

export const listMissionDatasets = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/datasets',
  summary: "The mission's datasets (scans), oldest first, with status, progress and their latest conversion",
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(datasetSchema) }),
});

export const listDatasets = endpoint({
  method: 'GET',
  path: '/api/v2/datasets',
  summary: 'Datasets across the missions the user may see (the pipeline): filters by status, type, mission; newest activity first. Permission pipeline',
  tag,
  query: datasetListQuery,
  response: z.object({ items: z.array(pipelineItemSchema) }),
});

export const getDataset = endpoint({
  method: 'GET',
  path: '/api/v2/datasets/{id}',
  summary: 'One dataset with what its import read (format, points, bounds, CRS) and its latest conversion',
  tag,
  params: datasetParams,
  response: datasetSchema,
});

export const updateDataset = endpoint({
  method: 'PATCH',
  path: '/api/v2/datasets/{id}',
  summary: "Changes a dataset's type (spec §4 dataset type); 409 when `version` is stale",
  tag,
  params: datasetParams,
  body: updateDatasetBody,
  response: datasetSchema,
});

export const cancelDataset = endpoint({
  method: 'POST',
  path: '/api/v2/datasets/{id}/cancel',
  summary: 'Cancels the import or conversion under way: its partial output is removed, the raw upload kept, the status becomes error (cancelled)',
  tag,
  params: datasetParams,
  body: noBody,
  response: datasetSchema,
});

export const restartDataset = endpoint({
  method: 'POST',
  path: '/api/v2/datasets/{id}/restart',
  summary: 'Imports and converts the raw upload again from the start (after an error or a cancel)',
  tag,
  params: datasetParams,
  body: noBody,
  response: datasetSchema,
  status: 202,
});

export const checkDataset = endpoint({
  method: 'POST',
  path: '/api/v2/datasets/{id}/check',
  summary: 'An internal user marks an available dataset as checked (spec §4 status checked)',
  tag,
  params: datasetParams,
  body: noBody,
  response: datasetSchema,
});

export const datasetPointcloudFile = endpoint({
  method: 'GET',
  path: '/api/v2/datasets/{id}/pointcloud/{file}',
  summary: "A file of the dataset's own Potree 2.0 cloud (metadata.json, hierarchy.bin, octree.bin); Range → 206",
  tag,
  params: datasetParams.extend({ file }),
  response: z.string().describe('The file itself'),
});

export const getMissionPointcloud = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/pointcloud',
  summary: "The mission's online point cloud: the served build (points, size, when built, from which datasets) and the latest build's progress",
  tag,
  params: missionIdParams,
  response: missionPointcloudSchema,
});

export const generateMissionPointcloud = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/pointcloud',
  summary: "spec §2 mission action 'generate online pointcloud': merges the mission's available datasets into its online point cloud (a background build); answers the build under way if there is one",
  tag,
  params: missionIdParams,
  body: noBody,
  response: missionPointcloudSchema,
  status: 202,
});

export const missionPointcloudFile = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/pointcloud/{file}',
  summary: "A file of the mission's online point cloud (metadata.json, hierarchy.bin, octree.bin); Range → 206",
  tag,
  params: missionIdParams.extend({ file }),
  response: z.string().describe('The file itself'),
});
