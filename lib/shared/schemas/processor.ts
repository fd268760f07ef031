import { z } from 'zod';
import { requiredText } from './common';
import { DATASET_STATUSES, PROCESSOR_STATUSES } from './dataset';

/** An external processing system (SLAM) with its token (issue 14 point 2). */
export const processorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ProcessorDto = z.output<typeof processorSchema>;

export const issueProcessorBody = z.object({ name: requiredText(100) });

/** What a processor reports on a dataset: a status of its own, progress, or just that it is alive. */
export const processorReportBody = z
  .object({
    status: z.enum(PROCESSOR_STATUSES).optional(),
    /** Percent, 0–100, of the processor's own work. */
    progress: z.number().min(0).max(100).optional(),
    /** Why, with status error (shown to users as the error detail). */
    message: z.string().trim().max(2000).optional(),
  })
  .refine((b) => b.status !== 'error' || (b.message ?? '') !== '', { message: 'validation.processorErrorNeedsMessage', path: ['message'] });

export const processorDatasetSchema = z.object({
  id: z.number().int(),
  datasetId: z.string(),
  missionId: z.number().int(),
  status: z.enum(DATASET_STATUSES),
  progress: z.number(),
  format: z.string().nullable(),
  filename: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Where the processor GETs the raw upload (with its token; Range supported). */
  downloadUrl: z.string().nullable(),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
});
