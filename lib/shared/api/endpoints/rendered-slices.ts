import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { renderedSliceQuery, renderedSliceSchema } from '@/lib/shared/schemas/rendered-slice';
import { endpoint } from '../endpoint';

/*
 * spec §2 mission detail "rendered slices" (issue 16): slice views exported from the 3D viewer,
 * stored with the mission. Everyone who sees the mission sees them; whoever may edit it (as for
 * the viewer's measurements) exports and deletes them.
 */

const tag = 'measurements';
const sliceParams = missionIdParams.extend({ sliceId: z.coerce.number().pipe(idSchema) });

export const listRenderedSlices = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/rendered-slices',
  summary: "The mission's rendered slice views, newest first",
  tag,
  params: missionIdParams,
  response: z.object({ items: z.array(renderedSliceSchema) }),
});

export const createRenderedSlice = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/rendered-slices',
  summary:
    'Stores a slice view: the PNG is the raw request body (Content-Type image/png, at most 32 MiB, checked by its content; its pixel size is read from it), ' +
    'name, scale (1:n), dpi and the slice it shows in the query',
  tag,
  params: missionIdParams,
  query: renderedSliceQuery,
  response: renderedSliceSchema,
  status: 201,
});

export const renderedSliceImage = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/rendered-slices/{sliceId}/image',
  summary: 'The slice view as PNG, shown inline; `?download=1` offers it as a file',
  tag,
  params: sliceParams,
  query: z.object({ download: z.enum(['1']).optional() }),
  response: z.string().describe('The PNG itself'),
});

export const deleteRenderedSlice = endpoint({
  method: 'DELETE',
  path: '/api/v2/missions/{id}/rendered-slices/{sliceId}',
  summary: 'Deletes a slice view and its picture',
  tag,
  params: sliceParams,
  response: z.null(),
  status: 204,
});
