import { z } from 'zod';
import { idSchema } from './common';

/*
 * Blurring review (issue 18; spec §2 /blurring, §6 four-eyes rule). An image of a mission (a
 * panorama for tours or a photo) carries regions to blur, proposed by a detector or drawn by hand.
 * Coordinates are pixels of the upright original (EXIF orientation applied).
 */

export const IMAGE_KINDS = ['panorama', 'photo'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Where an image is in its intake: read, thumbnailed and searched for faces by the detection job. */
export const DETECTION_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type DetectionState = (typeof DETECTION_STATES)[number];

export const REGION_SHAPES = ['rectangle', 'ellipse', 'polygon'] as const;
export type RegionShape = (typeof REGION_SHAPES)[number];
export const REGION_SOURCES = ['detector', 'manual'] as const;
export const REGION_KINDS = ['face', 'plate', 'other'] as const;

/** Editor modes of /blurring/editor/{mission}/{mode}: the first pass and the second person's check. */
export const BLURRING_MODES = ['blur', 'check'] as const;
export type BlurringMode = (typeof BLURRING_MODES)[number];

/** An upper bound that keeps a saved document small; a real image has a few dozen regions. */
export const MAX_REGIONS = 500;
export const MAX_POLYGON_POINTS = 64;

const coordinate = z.number().finite().min(-100_000).max(100_000);
const point = z.tuple([coordinate, coordinate]);

/** A region as the editor sends it (PUT): the server keeps origin facts of regions it knows. */
export const regionInput = z
  .object({
    id: z.uuid(),
    shape: z.enum(REGION_SHAPES),
    kind: z.enum(REGION_KINDS).default('other'),
    /** Bounding box (rectangle, ellipse; for a polygon the box of its points). */
    x: coordinate,
    y: coordinate,
    width: z.number().finite().positive().max(100_000),
    height: z.number().finite().positive().max(100_000),
    points: z.array(point).min(3).max(MAX_POLYGON_POINTS).optional(),
  })
  .refine((r) => r.shape !== 'polygon' || r.points !== undefined, { path: ['points'], message: 'validation.required' });
export type RegionInput = z.input<typeof regionInput>;

export const regionSchema = z.object({
  id: z.uuid(),
  shape: z.enum(REGION_SHAPES),
  kind: z.enum(REGION_KINDS),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  points: z.array(point).optional(),
  source: z.enum(REGION_SOURCES),
  /** The detector's score for a proposal (0–1); null for a hand-drawn region. */
  confidence: z.number().nullable(),
  /** A proposal moved or resized by a person. */
  adjusted: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

export const saveRegionsBody = z.object({
  version: z.number().int().positive(),
  regions: z.array(regionInput).max(MAX_REGIONS),
});
export type SaveRegionsBody = z.input<typeof saveRegionsBody>;

export const imageRegionsSchema = z.object({
  imageId: idSchema,
  version: z.number().int().positive(),
  regions: z.array(regionSchema),
});
export type ImageRegions = z.infer<typeof imageRegionsSchema>;

export const blurringImageSchema = z.object({
  id: idSchema,
  missionId: idSchema,
  missionFileId: idSchema,
  kind: z.enum(IMAGE_KINDS),
  filename: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  detection: z.enum(DETECTION_STATES),
  detectionError: z.string().nullable(),
  detector: z.string().nullable(),
  detectorVersion: z.string().nullable(),
  detectedAt: z.string().nullable(),
  regionCount: z.number().int(),
  regionsVersion: z.number().int(),
  editedBy: z.string().nullable(),
  editedByName: z.string().nullable(),
  editedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** Paths of the served pictures: the blurred ones for everyone, the original only for the blurring permission. */
  blurredUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  originalUrl: z.string().nullable(),
});
export type BlurringImage = z.infer<typeof blurringImageSchema>;

/** A mission's blurring state: `finishedAt` set means its images may be published (tours, issue 17). */
export const missionBlurringSchema = z.object({
  missionId: idSchema,
  blurredBy: z.string().nullable(),
  blurredByName: z.string().nullable(),
  finishedBy: z.string().nullable(),
  finishedByName: z.string().nullable(),
  finishedAt: z.string().nullable(),
  finished: z.boolean(),
});
export type MissionBlurring = z.infer<typeof missionBlurringSchema>;

export const missionImagesSchema = z.object({
  blurring: missionBlurringSchema,
  instructions: z.string().nullable(),
  items: z.array(blurringImageSchema),
});
export type MissionImages = z.infer<typeof missionImagesSchema>;

export const BLURRING_QUEUE_FILTERS = ['all', 'blur', 'check', 'finished'] as const;
export type BlurringQueueFilter = (typeof BLURRING_QUEUE_FILTERS)[number];

export const blurringQueueQuery = z.object({
  filter: z.enum(BLURRING_QUEUE_FILTERS).default('all'),
  q: z.string().trim().max(100).optional(),
});

export const blurringQueueItemSchema = z.object({
  missionId: idSchema,
  internalReference: z.string().nullable(),
  missionName: z.string(),
  companyName: z.string().nullable(),
  instructions: z.string().nullable(),
  /** Images in the mission's review. */
  toReview: z.number().int(),
  approved: z.number().int(),
  remaining: z.number().int(),
  /** Images whose detection has not finished yet. */
  detecting: z.number().int(),
  blurredBy: z.string().nullable(),
  blurredByName: z.string().nullable(),
  finishedAt: z.string().nullable(),
  finishedByName: z.string().nullable(),
  /** blur: nobody blurred yet; check: waiting for the second person; finished. */
  stage: z.enum(['blur', 'check', 'finished']),
});
export type BlurringQueueItem = z.infer<typeof blurringQueueItemSchema>;
export const blurringQueueSchema = z.object({ items: z.array(blurringQueueItemSchema) });

/** The privacy record's download: a CSV table (the default) or a PDF report. */
export const PRIVACY_RECORD_FORMATS = ['csv', 'pdf'] as const;
export const privacyRecordQuery = z.object({ format: z.enum(PRIVACY_RECORD_FORMATS).default('csv') });

/** The privacy record of a mission's images (issue 18 §5), as the mission detail shows it. */
export interface PrivacyRecord {
  blurring: MissionBlurring;
  images: { image: BlurringImage; regions: Region[] }[];
  /** Display names of the people who drew regions, by identity id. */
  names: Record<string, string>;
}
