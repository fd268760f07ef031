import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { panelizerDocumentSchema } from '@/lib/shared/panelizer/document';
import { panelizerResultsSchema } from '@/lib/shared/panelizer/results';
import { DETECTION_STATES, IMAGE_KINDS, MAX_REGIONS, regionSchema } from '@/lib/shared/schemas/blurring';
import { MISSION_FILE_KINDS } from '@/lib/shared/schemas/mission-file';
import { missionBlurring, missionFile, missionImage, panelizerExport, panelizerProject } from '../../db/schema';
import type { DomainContext } from '../../domain/context';
import type { SameKeys } from './same-keys';

/*
 * Record sets added in backup format version 3 (docs/adr/0006-mission-backup.md): the blurring
 * review (issue 18: the mission's images with their regions, who edited and approved them, the
 * mission's blurring state) with the uploaded-file rows the images stand on, and the panelizer
 * (issue 19: projects and their numbered exports). Their files (originals, blurred derivatives,
 * thumbnails) live under `missions/<id>/` and were already in every archive.
 */

const id = z.number().int().positive();
const uuid = z.uuid();
const identity = z.uuid();
const ts = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
const version = z.number().int().positive();
const key = z.string().min(1).max(1024);
const text = z.string().max(10_000);
const name = z.string().trim().min(1).max(1000);

export const missionFileRecord = z.strictObject({
  id,
  missionId: id,
  kind: z.enum(MISSION_FILE_KINDS),
  filename: z.string().min(1).max(1000),
  storageKey: key,
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string().min(1).max(200),
  uploadedBy: identity.nullable(),
  datasetId: id.nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const missionImageRecord = z.strictObject({
  id,
  missionId: id,
  missionFileId: id,
  kind: z.enum(IMAGE_KINDS),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  detection: z.enum(DETECTION_STATES),
  detectionError: text.nullable(),
  detector: z.string().max(200).nullable(),
  detectorVersion: z.string().max(200).nullable(),
  detectedAt: ts.nullable(),
  regions: z.array(regionSchema).max(MAX_REGIONS),
  regionsVersion: version,
  blurredKey: key.nullable(),
  thumbnailKey: key.nullable(),
  blurredVersion: z.number().int().positive().nullable(),
  editedBy: identity.nullable(),
  editedAt: ts.nullable(),
  approvedBy: identity.nullable(),
  approvedAt: ts.nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const missionBlurringRecord = z.strictObject({
  missionId: id,
  blurredBy: identity.nullable(),
  blurredAt: ts.nullable(),
  finishedBy: identity.nullable(),
  finishedAt: ts.nullable(),
  createdAt: ts,
  updatedAt: ts,
  version,
});

export const panelizerProjectRecord = z.strictObject({
  id: uuid,
  missionId: id,
  datasetId: id.nullable(),
  name,
  document: panelizerDocumentSchema,
  version,
  createdBy: identity.nullable(),
  createdAt: ts,
  updatedBy: identity.nullable(),
  updatedAt: ts,
  publishedExportId: uuid.nullable(),
  publishedAt: ts.nullable(),
});

export const panelizerExportRecord = z.strictObject({
  id: uuid,
  projectId: uuid,
  missionId: id,
  number: z.number().int().positive(),
  name,
  document: panelizerDocumentSchema,
  results: panelizerResultsSchema,
  createdBy: identity.nullable(),
  createdAt: ts,
  publishedAt: ts.nullable(),
});

export type ReviewRecords = {
  missionFiles: z.output<typeof missionFileRecord>[];
  missionImages: z.output<typeof missionImageRecord>[];
  missionBlurring: z.output<typeof missionBlurringRecord>[];
  panelizerProjects: z.output<typeof panelizerProjectRecord>[];
  panelizerExports: z.output<typeof panelizerExportRecord>[];
};

export const reviewRecordSchemas = {
  missionFiles: missionFileRecord,
  missionImages: missionImageRecord,
  missionBlurring: missionBlurringRecord,
  panelizerProjects: panelizerProjectRecord,
  panelizerExports: panelizerExportRecord,
} as const;

// Every column covered (a new column would otherwise silently be lost on restore).
const covered: [
  SameKeys<keyof typeof missionFile.$inferSelect, keyof z.output<typeof missionFileRecord>>,
  SameKeys<keyof typeof missionImage.$inferSelect, keyof z.output<typeof missionImageRecord>>,
  SameKeys<keyof typeof missionBlurring.$inferSelect, keyof z.output<typeof missionBlurringRecord>>,
  SameKeys<keyof typeof panelizerProject.$inferSelect, keyof z.output<typeof panelizerProjectRecord>>,
  SameKeys<keyof typeof panelizerExport.$inferSelect, keyof z.output<typeof panelizerExportRecord>>,
] = [true, true, true, true, true];
void covered;

/** Reads the mission's files, images, blurring state and panelizer projects (inside collectRecords' snapshot). */
export async function collectReviewRecords(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<ReviewRecords> {
  const { db } = ctx;
  return {
    missionFiles: await db.select().from(missionFile).where(eq(missionFile.missionId, missionId)).orderBy(asc(missionFile.id)),
    missionImages: (await db.select().from(missionImage).where(eq(missionImage.missionId, missionId)).orderBy(asc(missionImage.id))) as ReviewRecords['missionImages'],
    missionBlurring: await db.select().from(missionBlurring).where(eq(missionBlurring.missionId, missionId)),
    panelizerProjects: (await db.select().from(panelizerProject).where(eq(panelizerProject.missionId, missionId)).orderBy(asc(panelizerProject.createdAt), asc(panelizerProject.id))) as ReviewRecords['panelizerProjects'],
    panelizerExports: (await db.select().from(panelizerExport).where(eq(panelizerExport.missionId, missionId)).orderBy(asc(panelizerExport.projectId), asc(panelizerExport.number))) as ReviewRecords['panelizerExports'],
  };
}

/** Records of these sets that belong to another mission, point outside it or at rows not in the archive, or repeat an id. */
export function reviewProblems(missionId: number, datasetIds: ReadonlySet<number>, r: ReviewRecords): string | null {
  const own = `missions/${missionId}/`;
  if ([...r.missionFiles, ...r.missionImages, ...r.missionBlurring, ...r.panelizerProjects, ...r.panelizerExports].some((x) => x.missionId !== missionId)) return 'belong to another mission';
  if (r.missionBlurring.length > 1) return 'hold more than one blurring state';
  const fileIds = new Set(r.missionFiles.map((f) => f.id));
  if (r.missionImages.some((i) => !fileIds.has(i.missionFileId))) return 'images of a file not in the archive';
  if ([...r.missionFiles.map((f) => f.datasetId), ...r.panelizerProjects.map((p) => p.datasetId)].some((d) => d !== null && !datasetIds.has(d))) return 'point at a dataset not in the archive';
  const projectIds = new Set(r.panelizerProjects.map((p) => p.id));
  if (r.panelizerExports.some((e) => !projectIds.has(e.projectId))) return 'panelizer exports of a project not in the archive';
  const exportOf = new Map(r.panelizerExports.map((e) => [e.id, e.projectId]));
  if (r.panelizerProjects.some((p) => p.publishedExportId !== null && exportOf.get(p.publishedExportId) !== p.id)) return 'publish an export not of that project';
  const keys = [...r.missionFiles.map((f) => f.storageKey), ...r.missionImages.flatMap((i) => [i.blurredKey, i.thumbnailKey])];
  if (keys.some((k) => k !== null && !k.startsWith(own))) return `point at files outside ${own}`;
  const unique = (ids: (number | string)[]) => new Set(ids).size === ids.length;
  if (![r.missionFiles.map((f) => f.id), r.missionImages.map((i) => i.id), r.missionImages.map((i) => i.missionFileId), r.panelizerProjects.map((p) => p.id), r.panelizerExports.map((e) => e.id)].every(unique)) {
    return 'list a record twice';
  }
  return null;
}
