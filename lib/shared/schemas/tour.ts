import { z } from 'zod';
import { idSchema, requiredText } from './common';

/** spec §4 tour status ("not published" spelled as an identifier). */
export const TOUR_STATUSES = ['published', 'not_published', 'error'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

/** spec §2 "Tour generation is disabled when…": each rule that applies is named to the user. */
export const GENERATE_BLOCKERS = ['missionClosed', 'noImages', 'notSegmented', 'pointcloudNotReady'] as const;
export type GenerateBlocker = (typeof GENERATE_BLOCKERS)[number];

export const TOUR_NAME_MAX = 200;
export const tourNameSchema = requiredText(TOUR_NAME_MAX);

// Plans are in metres around the building; ±100 km keeps out nonsense, not real buildings.
const metres = z.number().finite().min(-1e5).max(1e5);

/** A mission's panorama as tours use it (GET /missions/{id}/tour-images). */
export const tourImageSchema = z.object({
  imageId: idSchema,
  name: z.string(),
  order: z.number().int(),
  floor: z.number().int().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  /** Degrees clockwise from plan north to the panorama's centre. */
  heading: z.number(),
  inTours: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  /** 0 until it was first changed: the version the next PATCH must name. */
  version: z.number().int().min(0),
  /**
   * What the file says (GPano heading, EXIF GPS as metres east and north of the mission's
   * location when it has one): segmentation pre-fills an unplaced image with it.
   */
  fromMetadata: z.object({ heading: z.number().nullable(), x: z.number().nullable(), y: z.number().nullable() }).nullable(),
});
export type TourImageDto = z.output<typeof tourImageSchema>;

export const tourImagesSchema = z.object({
  items: z.array(tourImageSchema),
  /** Every image in tours has a floor and a position (spec §2's "segmented"). */
  segmented: z.boolean(),
  mayEdit: z.boolean(),
  /** May upload panoramas to the mission (the resumable upload, purpose tour-image). */
  mayUpload: z.boolean(),
});
export type TourImagesDto = z.output<typeof tourImagesSchema>;

/** One image's change: rename, order, floor and place, or leaving the tours (`inTours: false`). */
export const tourImageChange = z.strictObject({
  imageId: idSchema,
  version: z.number().int().min(0),
  name: tourNameSchema.optional(),
  order: z.number().int().min(0).max(100_000).optional(),
  floor: z.number().int().min(-20).max(200).nullable().optional(),
  x: metres.nullable().optional(),
  y: metres.nullable().optional(),
  heading: z.number().finite().min(-720).max(720).optional(),
  inTours: z.boolean().optional(),
});
export type TourImageChange = z.output<typeof tourImageChange>;

/** PATCH /missions/{id}/tour-images: all changes or none (409 when one is stale). */
export const tourImagesPatchBody = z.strictObject({ changes: z.array(tourImageChange).min(1).max(1000) });

/** A resolution of a panorama's tiles, as the tiled equirectangular adapter reads it. */
export const tileLevelSchema = z.object({ width: z.number().int(), cols: z.number().int(), rows: z.number().int() });

export const tourLinkSchema = z.object({
  to: idSchema,
  /** Radians in the panorama (0 = its centre), where the arrow to the neighbour sits. */
  yaw: z.number(),
  distance: z.number(),
  /** A link between floors (the nearest pair of panoramas on neighbouring floors). */
  stairs: z.boolean(),
});

export const tourNodeSchema = z.object({
  id: idSchema,
  name: z.string(),
  floor: z.number().int(),
  x: z.number(),
  y: z.number(),
  heading: z.number(),
  levels: z.array(tileLevelSchema),
  links: z.array(tourLinkSchema),
});
export type TourNode = z.output<typeof tourNodeSchema>;

/** What a generation produced: the panoramas (nodes) with their tiles and links. */
export const tourManifestSchema = z.object({
  tileSize: z.number().int(),
  nodes: z.array(tourNodeSchema),
  floors: z.array(z.number().int()),
});
export type TourManifest = z.output<typeof tourManifestSchema>;

/** spec §3 Slide. */
export const slideSchema = z.object({ name: z.string(), imageLink: z.string() });

export const tourSchema = z.object({
  id: idSchema,
  missionId: idSchema,
  name: z.string(),
  status: z.enum(TOUR_STATUSES),
  published: z.boolean(),
  /** The public read-only page (`/tours/{token}`) while published. */
  publicPath: z.string().nullable(),
  errorReason: z.string().nullable(),
  generation: z.object({ state: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']), progress: z.number().int() }).nullable(),
  generatedAt: z.string().nullable(),
  images: z.array(slideSchema),
  version: z.number().int(),
});
export type TourDto = z.output<typeof tourSchema>;

export const toursSchema = z.object({
  items: z.array(tourSchema),
  generate: z.object({ allowed: z.boolean(), blockedBy: z.array(z.enum(GENERATE_BLOCKERS)) }),
  mayEdit: z.boolean(),
});
export type ToursDto = z.output<typeof toursSchema>;

export const createTourBody = z.strictObject({ name: tourNameSchema });
export const updateTourBody = z.strictObject({ version: z.number().int().positive(), name: tourNameSchema });
export const tourVersionQuery = z.object({ version: z.coerce.number().int().positive() });
export const tourIdParams = z.object({ id: z.coerce.number().pipe(idSchema) });

/** A link between two panoramas, either way round (image ids). */
export const tourLinkPair = z.tuple([idSchema, idSchema]).refine(([a, b]) => a !== b, { message: 'validation.invalid' });
export type TourLinkPair = z.output<typeof tourLinkPair>;

/** Links added and removed by hand against those built from positions. */
export const tourLinkEditsSchema = z.object({ added: z.array(tourLinkPair), removed: z.array(tourLinkPair) });
export type TourLinkEdits = z.output<typeof tourLinkEditsSchema>;

/** PUT /tours/{id}/links: the links the tour should have (pairs, each once), at the version read. */
export const tourLinksBody = z.strictObject({
  version: z.number().int().positive(),
  links: z.array(tourLinkPair).max(20_000),
});

/** GET /missions/{id}/tour-plan: a floor's top-down slice of the point cloud, thinned to `limit` points. */
export const TOUR_PLAN_DEFAULT_LIMIT = 150_000;
export const tourPlanQuery = z.strictObject({
  floor: z.coerce.number().int().min(-20).max(200),
  limit: z.coerce.number().int().min(1000).max(400_000).default(TOUR_PLAN_DEFAULT_LIMIT),
});
export type TourPlanQuery = z.output<typeof tourPlanQuery>;

/** A measurement or annotation of the 3D viewer as a marker in one panorama (lib/shared/tours/markers.ts). */
export const tourMarkerSchema = z.object({
  id: idSchema,
  kind: z.enum(['distance', 'height', 'area', 'annotation']),
  name: z.string(),
  value: z.number().nullable(),
  text: z.string().nullable(),
  yaw: z.number(),
  pitch: z.number(),
  distance: z.number(),
});
/** Each panorama's markers, keyed by its image id. */
export const tourMarkersSchema = z.record(z.string(), z.array(tourMarkerSchema));
export type TourMarkers = z.output<typeof tourMarkersSchema>;
