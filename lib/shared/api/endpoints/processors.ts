import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { DATASET_STATUSES } from '@/lib/shared/schemas/dataset';
import { issueProcessorBody, processorDatasetSchema, processorReportBody, processorSchema } from '@/lib/shared/schemas/processor';
import { endpoint } from '../endpoint';

/*
 * External processing systems (SLAM) report the statuses our own processing never sets (slamed,
 * superframe_ready, corrected) with a per-processor bearer token an admin issues and revokes, and
 * upload their results through the same tus endpoint (/api/v2/uploads, purpose scan).
 */

const tag = 'processors';
const id = z.coerce.number().pipe(idSchema);

export const listProcessors = endpoint({
  method: 'GET',
  path: '/api/v2/processors',
  summary: 'The processors and their tokens\' state (admins)',
  tag,
  response: z.object({ items: z.array(processorSchema) }),
});

export const issueProcessor = endpoint({
  method: 'POST',
  path: '/api/v2/processors',
  summary: 'Issues a processor token (admins); the token is in this answer only',
  tag,
  body: issueProcessorBody,
  response: processorSchema.extend({ token: z.string() }),
  status: 201,
});

export const revokeProcessor = endpoint({
  method: 'DELETE',
  path: '/api/v2/processors/{id}',
  summary: "Revokes a processor's token at once (admins)",
  tag,
  params: z.object({ id }),
  response: processorSchema,
});

export const processorDatasets = endpoint({
  method: 'GET',
  path: '/api/v2/processor/datasets',
  summary: 'For a processor (Authorization: Bearer <token>): datasets waiting for external processing or in it, by status',
  tag,
  auth: 'public',
  query: z.object({ status: z.array(z.enum(DATASET_STATUSES)).or(z.enum(DATASET_STATUSES).transform((s) => [s])).optional() }),
  response: z.object({ items: z.array(processorDatasetSchema) }),
});

export const reportDataset = endpoint({
  method: 'POST',
  path: '/api/v2/processor/datasets/{datasetId}',
  summary: 'For a processor (Authorization: Bearer <token>): reports status (slamed, superframe_ready, corrected, error), progress or a sign of life on a dataset (by its dataset id)',
  tag,
  auth: 'public',
  params: z.object({ datasetId: z.string().min(1).max(100) }),
  body: processorReportBody,
  response: processorDatasetSchema,
});

export const processorDatasetFile = endpoint({
  method: 'GET',
  path: '/api/v2/processor/datasets/{datasetId}/file',
  summary: 'For a processor (Authorization: Bearer <token>): the raw upload of a dataset; Range → 206',
  tag,
  auth: 'public',
  params: z.object({ datasetId: z.string().min(1).max(100) }),
  response: z.string().describe('The raw file'),
});
