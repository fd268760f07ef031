import { z } from 'zod';
import { idSchema } from './common';

/**
 * The viewer's saved items (issue 16 "Kept and shared"): measurements, annotations, slices and
 * clip boxes of a mission. Points are in the point cloud's own coordinates (its CRS, not the
 * viewer's recentred ones), so an item stays where it was when the cloud is rebuilt.
 */
export const MEASUREMENT_KINDS = ['distance', 'height', 'area', 'annotation', 'slice', 'clip-box'] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];

/** The most points one item may hold: a long polyline or outline, far more than anyone clicks. */
export const MEASUREMENT_MAX_POINTS = 1000;

// Projected coordinates reach millions of metres (or feet); ±1e9 keeps out nonsense, not real data.
const coordinate = z.number().finite().min(-1e9).max(1e9);
export const point3Schema = z.tuple([coordinate, coordinate, coordinate]);
export type Point3Input = z.infer<typeof point3Schema>;

const points = (min: number, max = MEASUREMENT_MAX_POINTS) => z.array(point3Schema).min(min).max(max);
const noData = z.strictObject({}).default({});

/** Where the camera was when an annotation was made: its position and the point it looked at. */
export const cameraSchema = z.strictObject({ position: point3Schema, target: point3Schema });

/** A slab or box in the cloud: centre, size along its own axes, turn about the vertical (radians). */
const placed = {
  centre: point3Schema,
  size: z.tuple([z.number().finite().positive().max(1e6), z.number().finite().positive().max(1e6), z.number().finite().positive().max(1e6)]),
  rotation: z.number().finite().min(-2 * Math.PI).max(2 * Math.PI),
};

/** What a slice holds (a form checks it with the same schema the API does). */
export const sliceData = z.strictObject({ ...placed, width: z.number().finite().positive().max(1e6), axis: z.enum(['vertical', 'horizontal']).default('vertical') });
/** What a clip box holds; `show` is "show all" or "only clipped section". */
export const clipBoxData = z.strictObject({ ...placed, show: z.enum(['all', 'clipped']).default('clipped') });

const kinds = {
  /** A polyline: each segment and the total. */
  distance: { points: points(2), data: noData },
  /** The vertical difference from the first to the second point. */
  height: { points: points(2, 2), data: noData },
  /** A polygon: its area and perimeter. */
  area: { points: points(3), data: noData },
  /** A note anchored to one point, with the camera view it was made from. */
  annotation: {
    points: points(1, 1),
    data: z.strictObject({ title: z.string().trim().min(1).max(200), text: z.string().trim().max(5000).default(''), camera: cameraSchema }),
  },
  /**
   * A slab: `width` is its thickness, `size` its extent; upright (`vertical`, a section through
   * walls) or lying flat (`horizontal`, a floor plan cut). lib/shared/viewer/volumes.ts reads it.
   */
  slice: {
    points: points(0, 0).default([]),
    data: sliceData,
  },
  /** A clipping box; `show` is "show all" or "only clipped section". */
  'clip-box': { points: points(0, 0).default([]), data: clipBoxData },
} as const;

const common = {
  name: z.string().trim().min(1).max(200),
  visible: z.boolean().default(true),
};

const itemOf = <K extends MeasurementKind>(kind: K) => z.strictObject({ kind: z.literal(kind), ...common, ...kinds[kind] });

/** A new item (POST /api/v2/missions/{id}/measurements); the kind decides the points and data it needs. */
export const measurementInput = z.discriminatedUnion('kind', [
  itemOf('distance'),
  itemOf('height'),
  itemOf('area'),
  itemOf('annotation'),
  itemOf('slice'),
  itemOf('clip-box'),
]);
export type MeasurementInput = z.input<typeof measurementInput>;
export type MeasurementValue = z.output<typeof measurementInput>;

/**
 * A change (PATCH /api/v2/measurements/{id}) with the version last read. The kind stays; points
 * and data are checked against it once merged with the stored item.
 */
export const updateMeasurementBody = z.strictObject({
  version: z.number().int().positive(),
  name: common.name.optional(),
  visible: z.boolean().optional(),
  points: z.array(point3Schema).max(MEASUREMENT_MAX_POINTS).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateMeasurementBody = z.input<typeof updateMeasurementBody>;

/** DELETE /api/v2/measurements/{id}?version=n: the version last read (409 when stale). */
export const deleteMeasurementQuery = z.object({ version: z.coerce.number().int().positive() });

/** What the server measured from the points (in the cloud's length unit), for lists, exports and prints. */
export const measuresSchema = z.object({
  segments: z.array(z.number()).optional(),
  total: z.number().optional(),
  height: z.number().optional(),
  horizontal: z.number().optional(),
  area: z.number().optional(),
  perimeter: z.number().optional(),
});
export type Measures = z.infer<typeof measuresSchema>;

export const measurementSchema = z.object({
  id: idSchema,
  missionId: idSchema,
  kind: z.enum(MEASUREMENT_KINDS),
  name: z.string(),
  visible: z.boolean(),
  points: z.array(point3Schema),
  data: z.record(z.string(), z.unknown()),
  measures: measuresSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MeasurementDto = z.infer<typeof measurementSchema>;

/** The formats the items are exported in (docs/adr/0010-viewer-and-measurements.md). */
export const MEASUREMENT_EXPORT_FORMATS = ['csv', 'geojson', 'dxf'] as const;
export type MeasurementExportFormat = (typeof MEASUREMENT_EXPORT_FORMATS)[number];
