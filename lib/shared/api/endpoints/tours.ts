import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import {
  createTourBody, tourIdParams, tourLinksBody, tourMarkersSchema, tourPlanQuery, tourImagesPatchBody, tourImagesSchema, tourManifestSchema, tourSchema, toursSchema, tourVersionQuery, updateTourBody,
} from '@/lib/shared/schemas/tour';
import { endpoint } from '../endpoint';

/*
 * Virtual 360° tours (issue 17 "API shape", docs/adr/0012-virtual-tours.md): the mission's
 * panoramas as tours use them, tours with generation and publishing, their generated files, and
 * the public read-only tour behind an unguessable link.
 */

const tag = 'tours';
const fileFields = { imageId: z.coerce.number().pipe(idSchema), file: z.string().max(40) };

export const listTourImages = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/tour-images',
  summary: "The mission's panoramas in tour order: name, floor, position, heading, whether tours use them, thumbnail and preview",
  tag,
  params: missionIdParams,
  response: tourImagesSchema,
});

export const updateTourImages = endpoint({
  method: 'PATCH',
  path: '/api/v2/missions/{id}/tour-images',
  summary: 'Renames, re-orders, places (floor, x, y, heading) or removes panoramas from the tours; all changes or none (409 version_conflict when one is stale)',
  tag,
  params: missionIdParams,
  body: tourImagesPatchBody,
  response: tourImagesSchema,
});

export const getTourPlan = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/tour-plan',
  summary:
    "A floor's top-down slice of the mission's online point cloud for the segmentation plan (x east, y north in metres from the cloud's lower corner; " +
    'floor n from n storey heights up), as application/octet-stream in the panelizer points format (lib/shared/panelizer/points.ts); ' +
    '409 while the point cloud is not ready; ETag (304 on If-None-Match)',
  tag,
  params: missionIdParams,
  query: tourPlanQuery,
  response: z.string().describe('The encoded point set'),
});

export const listTours = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/tours',
  summary: "The mission's tours and whether generation is possible (else the disabling rules that apply)",
  tag,
  params: missionIdParams,
  response: toursSchema,
});

export const createTour = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/tours',
  summary: 'Creates a tour (a name); generate fills it',
  tag,
  params: missionIdParams,
  body: createTourBody,
  response: tourSchema,
  status: 201,
});

export const getTour = endpoint({
  method: 'GET',
  path: '/api/v2/tours/{id}',
  summary: "A tour with its generated panoramas, tiles and links, and the mission's measurements and annotations as markers of each panorama",
  tag,
  params: tourIdParams,
  response: z.object({ tour: tourSchema, manifest: tourManifestSchema.nullable(), markers: tourMarkersSchema }),
});

export const updateTour = endpoint({
  method: 'PATCH',
  path: '/api/v2/tours/{id}',
  summary: 'Renames a tour (409 version_conflict when stale)',
  tag,
  params: tourIdParams,
  body: updateTourBody,
  response: tourSchema,
});

export const updateTourLinks = endpoint({
  method: 'PUT',
  path: '/api/v2/tours/{id}/links',
  summary: 'Sets the links between the panoramas of a generated tour (pairs of image ids); kept by later generations until rebuilt from positions (409 version_conflict when stale)',
  tag,
  params: tourIdParams,
  body: tourLinksBody,
  response: z.object({ tour: tourSchema, manifest: tourManifestSchema }),
});

export const deleteTour = endpoint({
  method: 'DELETE',
  path: '/api/v2/tours/{id}',
  summary: 'Deletes a tour, its files and its public link; `version` is the one last read (409 when stale)',
  tag,
  params: tourIdParams,
  query: tourVersionQuery,
  response: z.null(),
  status: 204,
});

export const generateTour = endpoint({
  method: 'POST',
  path: '/api/v2/tours/{id}/generate',
  summary: 'Starts generating the tour (a background job with progress); 409 naming the disabling rule when one applies',
  tag,
  params: tourIdParams,
  response: tourSchema,
  status: 202,
});

export const publishTour = endpoint({
  method: 'POST',
  path: '/api/v2/tours/{id}/publish',
  summary: 'Publishes the tour behind a public read-only link; 409 with the reason while blurring is unfinished',
  tag,
  params: tourIdParams,
  response: tourSchema,
});

export const unpublishTour = endpoint({
  method: 'DELETE',
  path: '/api/v2/tours/{id}/publish',
  summary: 'Revokes the public link',
  tag,
  params: tourIdParams,
  response: tourSchema,
});

export const tourFile = endpoint({
  method: 'GET',
  path: '/api/v2/tours/{id}/panoramas/{imageId}/{file}',
  summary: 'A generated file of a panorama: preview.jpg or a tile level_row_col.jpg',
  tag,
  params: tourIdParams.extend(fileFields),
  response: z.string().describe('The JPEG itself'),
});

const tokenParams = z.object({ token: z.string().min(16).max(64).regex(/^[\w-]+$/) });

export const publicTour = endpoint({
  method: 'GET',
  path: '/api/v2/public-tours/{token}',
  summary: 'A published tour, read-only, without a session (404 once unpublished)',
  tag,
  auth: 'public',
  params: tokenParams,
  response: z.object({ name: z.string(), manifest: tourManifestSchema }),
});

export const publicTourFile = endpoint({
  method: 'GET',
  path: '/api/v2/public-tours/{token}/panoramas/{imageId}/{file}',
  summary: 'A generated file of a published tour, without a session',
  tag,
  auth: 'public',
  params: tokenParams.extend(fileFields),
  response: z.string().describe('The JPEG itself'),
});

export const exportTour = endpoint({
  method: 'GET',
  path: '/api/v2/tours/{id}/export',
  summary:
    'The tour as a self-contained zip (index.html, viewer, manifest, tiles) that opens offline from any static host or from disk; 409 before a generation. With `check=true`: 204 when the export would start (the page asks before it downloads, so a refusal can be shown)',
  tag,
  params: tourIdParams,
  query: z.object({ check: z.enum(['true']).optional() }),
  response: z.string().describe('The zip itself, streamed'),
});

export const importTour = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/tours/import',
  summary:
    'Imports an exported tour zip (the raw application/zip body, at most 1 GiB) as a new unpublished tour of the mission; 422 naming what is wrong (paths, sizes, ratios, manifest, images), nothing stored then',
  tag,
  params: missionIdParams,
  response: tourSchema,
  status: 201,
});
