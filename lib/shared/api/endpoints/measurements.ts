import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { deleteMeasurementQuery, MEASUREMENT_EXPORT_FORMATS, measurementInput, measurementSchema, updateMeasurementBody } from '@/lib/shared/schemas/measurement';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/*
 * The 3D viewer's saved items (issue 16 "API shape"): distance, height and area measurements,
 * annotations, slices and clip boxes, kept with the mission, versioned like every mission change.
 */

const tag = 'measurements';
const measurementParams = z.object({ id: z.coerce.number().pipe(idSchema) });

export const listMeasurements = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/measurements',
  summary: "The viewer's measurements, annotations, slices and clip boxes of the mission, oldest first, with what each measures",
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(measurementSchema) }),
});

export const createMeasurement = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/measurements',
  summary: "Saves an item of the viewer (kind distance, height, area, annotation, slice or clip-box; points in the cloud's coordinates)",
  tag,
  params: missionIdParams,
  body: measurementInput,
  response: measurementSchema,
  status: 201,
});

export const updateMeasurement = endpoint({
  method: 'PATCH',
  path: '/api/v2/measurements/{id}',
  summary: 'Changes an item: name, visibility, points or data (409 version_conflict when stale)',
  tag,
  params: measurementParams,
  body: updateMeasurementBody,
  response: measurementSchema,
});

export const deleteMeasurement = endpoint({
  method: 'DELETE',
  path: '/api/v2/measurements/{id}',
  summary: 'Deletes an item; `version` is the one last read (409 version_conflict when stale)',
  tag,
  params: measurementParams,
  query: deleteMeasurementQuery,
  response: z.null(),
  status: 204,
});

export const exportMeasurements = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/measurements/export',
  summary:
    "The mission's viewer items as a file in the point cloud's CRS and unit: CSV (a row per point), GeoJSON (named CRS, 3D coordinates) or DXF R12 (LINE, 3D POLYLINE, TEXT)",
  tag,
  params: missionIdParams,
  query: z.object({ format: z.enum(MEASUREMENT_EXPORT_FORMATS) }),
  response: z.string().describe('The file itself'),
});
