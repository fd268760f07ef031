import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

/** spec §4 dataset status. */
export const DATASET_STATUSES = [
  'available', 'checked', 'corrected', 'error', 'imported', 'processed', 'processing', 'slamed',
  'superframe_ready', 'unknown', 'uploading',
] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

/** spec §4 dataset type. */
export const DATASET_TYPES = ['flight', 'indoor', 'internal', 'mixed', 'outdoor', 'unknown'] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

export const createDatasetInput = z.object({
  missionId: idSchema,
  /** The scan's own identifier (from the scanner or upload), unique. */
  datasetId: z.string().trim().min(1).max(100),
  type: z.enum(DATASET_TYPES).default('unknown'),
  status: z.enum(DATASET_STATUSES).default('uploading'),
  /** Percent, 0–100. */
  progress: z.number().min(0).max(100).default(0),
  /** When the scan was made; defaults to now. */
  createdAt: isoDateTime.optional(),
  lastSeenAt: isoDateTime.optional(),
  storageKey: z.string().trim().min(1).max(500).optional(),
  sizeBytes: z.number().int().nonnegative().optional(),
});
export type CreateDatasetInput = z.input<typeof createDatasetInput>;

export interface DatasetDto {
  id: number;
  datasetId: string;
  missionId: number;
  type: DatasetType;
  status: DatasetStatus;
  progress: number;
  createdAt: string;
  lastSeenAt: string | null;
  storageKey: string | null;
  sizeBytes: number | null;
  version: number;
}
