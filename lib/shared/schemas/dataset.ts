import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

/** spec §4 dataset status. */
export const DATASET_STATUSES = [
  'available', 'checked', 'corrected', 'error', 'imported', 'processed', 'processing', 'slamed',
  'superframe_ready', 'unknown', 'uploading',
] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

/** The statuses external processing systems (SLAM) report; our own processing never sets them. */
export const PROCESSOR_STATUSES = ['slamed', 'superframe_ready', 'corrected', 'error'] as const;

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

const xyz = z.tuple([z.number(), z.number(), z.number()]);
export const boundsSchema = z.object({ min: xyz, max: xyz });
export const crsSchema = z.object({ wkt: z.string().optional(), epsg: z.number().int().optional(), units: z.enum(['m', 'ft', 'us-ft']) });

/** The state of one conversion to Potree 2.0 (a dataset's own cloud or the mission's online cloud). */
export const CONVERSION_STATES = ['queued', 'running', 'held', 'succeeded', 'failed', 'cancelled'] as const;
export const CONVERSION_STAGES = ['count', 'distribute', 'index', 'merge', 'done'] as const;
export const conversionSchema = z.object({
  id: z.number().int(),
  state: z.enum(CONVERSION_STATES),
  stage: z.enum(CONVERSION_STAGES),
  progress: z.number().min(0).max(100),
  chunksTotal: z.number().int(),
  chunksDone: z.number().int(),
  pointCount: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  errorKey: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Estimated seconds until done from the progress rate so far; null when unknown. */
  secondsLeft: z.number().nullable(),
});
export type ConversionDto = z.output<typeof conversionSchema>;

export const datasetSchema = z.object({
  id: z.number().int(),
  datasetId: z.string(),
  missionId: z.number().int(),
  type: z.enum(DATASET_TYPES),
  status: z.enum(DATASET_STATUSES),
  /** Percent, 0–100, of the current step (upload, then processing). */
  progress: z.number().min(0).max(100),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  storageKey: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  version: z.number().int(),
  filename: z.string().nullable(),
  format: z.string().nullable(),
  pointFormat: z.number().int().nullable(),
  pointCount: z.number().int().nullable(),
  bounds: boundsSchema.nullable(),
  crs: crsSchema.nullable(),
  /** True once the dataset's own Potree cloud can be streamed. */
  cloudReady: z.boolean(),
  cloudBytes: z.number().int().nullable(),
  /** Why it is in status error: a message key (errors.pointcloud.*, errors.datasets.*). */
  errorKey: z.string().nullable(),
  errorDetail: z.string().nullable(),
  /** Set when no progress came for DATASET_STALL_MINUTES while it was being processed. */
  stalledAt: z.iso.datetime({ offset: true }).nullable(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The latest conversion of its own cloud, if any. */
  conversion: conversionSchema.nullable(),
});
export type DatasetDto = z.output<typeof datasetSchema>;

/** A dataset as the pipeline lists it: with its mission's name and on-hold flag. */
export const pipelineItemSchema = datasetSchema.extend({ missionName: z.string(), missionOnHold: z.boolean() });
export type PipelineItemDto = z.output<typeof pipelineItemSchema>;

export const datasetListQuery = z.object({
  status: z.array(z.enum(DATASET_STATUSES)).or(z.enum(DATASET_STATUSES).transform((s) => [s])).optional(),
  type: z.array(z.enum(DATASET_TYPES)).or(z.enum(DATASET_TYPES).transform((t) => [t])).optional(),
  missionId: z.coerce.number().pipe(idSchema).optional(),
  /** Only datasets that are being worked on (uploading, imported, processing) or stalled or failed. */
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const updateDatasetBody = z.object({
  type: z.enum(DATASET_TYPES),
  /** The version the edit is based on: 409 when the dataset changed meanwhile. */
  version: z.number().int().positive(),
});

/** The mission's online point cloud (spec §2 "pointcloud and CAD"). */
export const missionPointcloudSchema = z.object({
  missionId: z.number().int(),
  /** The latest build, if any was ever asked for. */
  conversion: conversionSchema.nullable(),
  /** True when a built cloud is being served (the latest succeeded build). */
  ready: z.boolean(),
  pointCount: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  builtAt: z.iso.datetime({ offset: true }).nullable(),
  /** Datasets the served cloud was built from. */
  datasetIds: z.array(z.number().int()),
  /** Available datasets it could be built from now. */
  availableDatasetIds: z.array(z.number().int()),
  /** True when the available datasets differ from those the served cloud was built from. */
  outdated: z.boolean(),
});
export type MissionPointcloudDto = z.output<typeof missionPointcloudSchema>;

/** Files of a Potree 2.0 cloud the viewer streams. */
export const POINTCLOUD_FILES = ['metadata.json', 'hierarchy.bin', 'octree.bin'] as const;
