import { z } from 'zod';
import {
  blurringImageSchema,
  blurringQueueQuery,
  blurringQueueSchema,
  imageRegionsSchema,
  missionBlurringSchema,
  missionImagesSchema,
  privacyRecordQuery,
  saveRegionsBody,
} from '@/lib/shared/schemas/blurring';
import { idSchema } from '@/lib/shared/schemas/common';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/*
 * Issue 18, spec §2 /blurring and §6: detector-proposed regions, checked by a second person, and
 * the mission's blurring finished only by someone other than the person who blurred.
 * Permission blurring (UI.menu.blurring) for everything except the blurred pictures.
 */

const tag = 'blurring';
const imageParams = z.object({ id: z.coerce.number().pipe(idSchema) });
const noBody = z.object({}).optional();

export const blurringQueue = endpoint({
  method: 'GET',
  path: '/api/v2/blurring/queue',
  summary: 'Missions with images to blur or to check, with counts (to review, approved, remaining), who blurred and the instructions',
  tag,
  query: blurringQueueQuery,
  response: blurringQueueSchema,
});

export const listMissionImages = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/blurring/images',
  summary: "The mission's images in the blurring review and its blurring state (who blurred, who finished)",
  tag,
  params: missionIdParams,
  response: missionImagesSchema,
});

export const getImageRegions = endpoint({
  method: 'GET',
  path: '/api/v2/blurring/images/{id}/regions',
  summary: "An image's regions to blur (detector proposals with confidence, hand-drawn ones) and their version",
  tag,
  params: imageParams,
  response: imageRegionsSchema,
});

export const saveImageRegions = endpoint({
  method: 'PUT',
  path: '/api/v2/blurring/images/{id}/regions',
  summary: "Saves the regions as a new version (409 when `version` is stale), re-renders the blurred image and withdraws the image's approval",
  tag,
  params: imageParams,
  body: saveRegionsBody,
  response: imageRegionsSchema,
});

export const approveImage = endpoint({
  method: 'POST',
  path: '/api/v2/blurring/images/{id}/approve',
  summary: 'Marks the image as correctly blurred; refused (403) to the person who blurred',
  tag,
  params: imageParams,
  body: noBody,
  response: blurringImageSchema,
});

export const retryDetection = endpoint({
  method: 'POST',
  path: '/api/v2/blurring/images/{id}/detect',
  summary: 'Searches a failed image for faces again (a new blurring.detect job); 409 unless its search failed',
  tag,
  params: imageParams,
  body: noBody,
  response: blurringImageSchema,
});

export const finishBlurring = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/blurring/finish',
  summary: "Ends the mission's blurring once every image is approved; 403 'Blurring can only be finished by someone other than the person who blurred.' for that person",
  tag,
  params: missionIdParams,
  body: noBody,
  response: missionBlurringSchema,
});

export const imagePicture = endpoint({
  method: 'GET',
  path: '/api/v2/blurring/images/{id}/{variant}',
  summary: 'A picture of the image: blurred or thumbnail (whoever may read the mission), original (permission blurring only)',
  tag,
  params: imageParams.extend({ variant: z.enum(['original', 'blurred', 'thumbnail']) }),
  response: z.string().describe('The JPEG itself'),
});

export const privacyRecord = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/blurring/record',
  summary: 'The privacy record as CSV (or PDF with format=pdf): per image and region the detector and version, origin, confidence, who edited, approved and finished, and when',
  tag,
  params: missionIdParams,
  query: privacyRecordQuery,
  response: z.string().describe('text/csv or application/pdf'),
});
