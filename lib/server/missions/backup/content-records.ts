import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MEASUREMENT_KINDS, MEASUREMENT_MAX_POINTS, measurementInput, point3Schema } from '@/lib/shared/schemas/measurement';
import { TOUR_STATUSES, tourLinkEditsSchema, tourManifestSchema } from '@/lib/shared/schemas/tour';
import { measurement, renderedSlice, tour, tourImage, tourPanorama } from '../../db/schema';
import type { DomainContext } from '../../domain/context';
import type { SameKeys } from './same-keys';

/*
 * Record sets added in backup format version 2 (docs/adr/0006-mission-backup.md): the 3D viewer's
 * saved items and rendered slices (issue 16) and the virtual tours (issue 12). Their files (slice
 * PNGs, tour tiles and exports) live under `missions/<id>/` and were already in every archive.
 * Storage-sync bookkeeping (stored_file, mission_storage) is deliberately not here: it describes
 * which tier holds which file, not the mission, and is rebuilt by the next sync.
 */

const id = z.number().int().positive();
const identity = z.uuid();
const ts = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
const version = z.number().int().positive();
const key = z.string().min(1).max(1024);
const name = z.string().trim().min(1).max(1000);

export const measurementRecord = z
  .strictObject({
    id,
    missionId: id,
    kind: z.enum(MEASUREMENT_KINDS),
    name,
    visible: z.boolean(),
    points: z.array(point3Schema).max(MEASUREMENT_MAX_POINTS),
    data: z.record(z.string(), z.unknown()),
    createdBy: identity.nullable(),
    createdAt: ts,
    updatedAt: ts,
    version,
  })
  // The kind's own rules (points needed, data fields), as the API checks them.
  .superRefine((m, ctx) => {
    const checked = measurementInput.safeParse({ kind: m.kind, name: m.name, visible: m.visible, points: m.points, data: m.data });
    if (!checked.success) for (const issue of checked.error.issues.slice(0, 5)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const renderedSliceRecord = z.strictObject({
  id,
  missionId: id,
  measurementId: id.nullable(),
  name,
  scale: z.number().int().positive(),
  dpi: z.number().int().positive(),
  widthPx: z.number().int().positive(),
  heightPx: z.number().int().positive(),
  storageKey: key,
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdBy: identity.nullable(),
  createdAt: ts,
});

export const tourRecord = z.strictObject({
  id,
  missionId: id,
  name,
  status: z.enum(TOUR_STATUSES),
  exportKey: key.nullable(),
  errorReason: z.string().max(10_000).nullable(),
  generationJobId: z.uuid().nullable(),
  outputPrefix: key.nullable(),
  manifest: tourManifestSchema.nullable(),
  // Archives written before links could be edited by hand have none.
  linkEdits: tourLinkEditsSchema.default({ added: [], removed: [] }),
  generatedAt: ts.nullable(),
  publicToken: z.string().min(1).max(200).nullable(),
  publishedAt: ts.nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const tourImageRecord = z.strictObject({
  id,
  tourId: id,
  name,
  storageKey: key,
  position: z.number().int(),
  floorLabel: z.string().max(1000).nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const tourPanoramaRecord = z.strictObject({
  imageId: id,
  missionId: id,
  name: name.nullable(),
  sortOrder: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  heading: z.number(),
  inTours: z.boolean(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export type ContentRecords = {
  measurements: z.output<typeof measurementRecord>[];
  renderedSlices: z.output<typeof renderedSliceRecord>[];
  tours: z.output<typeof tourRecord>[];
  tourImages: z.output<typeof tourImageRecord>[];
  tourPanoramas: z.output<typeof tourPanoramaRecord>[];
};

export const contentRecordSchemas = {
  measurements: measurementRecord,
  renderedSlices: renderedSliceRecord,
  tours: tourRecord,
  tourImages: tourImageRecord,
  tourPanoramas: tourPanoramaRecord,
} as const;

// Every column covered (a new column would otherwise silently be lost on restore).
const covered: [
  SameKeys<keyof typeof measurement.$inferSelect, keyof z.output<typeof measurementRecord>>,
  SameKeys<keyof typeof renderedSlice.$inferSelect, keyof z.output<typeof renderedSliceRecord>>,
  SameKeys<keyof typeof tour.$inferSelect, keyof z.output<typeof tourRecord>>,
  SameKeys<keyof typeof tourImage.$inferSelect, keyof z.output<typeof tourImageRecord>>,
  SameKeys<keyof typeof tourPanorama.$inferSelect, keyof z.output<typeof tourPanoramaRecord>>,
] = [true, true, true, true, true];
void covered;

/** Reads the mission's viewer items, rendered slices and tours (inside collectRecords' snapshot). */
export async function collectContentRecords(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<ContentRecords> {
  const { db } = ctx;
  const tours = await db.select().from(tour).where(eq(tour.missionId, missionId)).orderBy(asc(tour.id));
  const tourImages = tours.length
    ? (await db.select({ image: tourImage }).from(tourImage).innerJoin(tour, eq(tour.id, tourImage.tourId)).where(eq(tour.missionId, missionId)).orderBy(asc(tourImage.id))).map((r) => r.image)
    : [];
  return {
    measurements: await db.select().from(measurement).where(eq(measurement.missionId, missionId)).orderBy(asc(measurement.id)),
    renderedSlices: await db.select().from(renderedSlice).where(eq(renderedSlice.missionId, missionId)).orderBy(asc(renderedSlice.id)),
    tours: tours as ContentRecords['tours'],
    tourImages,
    tourPanoramas: await db.select().from(tourPanorama).where(eq(tourPanorama.missionId, missionId)).orderBy(asc(tourPanorama.imageId)),
  };
}

/** Records of these sets that belong to another mission, or point outside it, or repeat an id. */
export function contentProblems(missionId: number, r: ContentRecords): string | null {
  const tourIds = new Set(r.tours.map((t) => t.id));
  const measurementIds = new Set(r.measurements.map((m) => m.id));
  const own = `missions/${missionId}/`;
  if ([...r.measurements, ...r.renderedSlices, ...r.tours, ...r.tourPanoramas].some((x) => x.missionId !== missionId)) return 'belong to another mission';
  if (r.tourImages.some((i) => !tourIds.has(i.tourId))) return 'tour images of a tour not in the archive';
  if (r.renderedSlices.some((s) => s.measurementId !== null && !measurementIds.has(s.measurementId))) return 'rendered slices of a slice not in the archive';
  const keys = [...r.renderedSlices.map((s) => s.storageKey), ...r.tours.flatMap((t) => [t.exportKey, t.outputPrefix]), ...r.tourImages.map((i) => i.storageKey)];
  if (keys.some((k) => k !== null && !k.startsWith(own))) return `point at files outside ${own}`;
  const unique = (ids: number[]) => new Set(ids).size === ids.length;
  if (![r.measurements.map((m) => m.id), r.renderedSlices.map((s) => s.id), r.tours.map((t) => t.id), r.tourImages.map((i) => i.id), r.tourPanoramas.map((p) => p.imageId)].every(unique)) {
    return 'list a record twice';
  }
  return null;
}
