import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { CATALOGUES } from '@/lib/server/i18n/catalogues';
import type { Locale } from '@/lib/shared/locale';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { mission, missionBlurring, missionImage } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { toCsv, type ExportCell, type ExportTable } from '../missions/export-files';
import { imageDto, missionBlurringDto, namesOf } from './image-dto';
import type { PrivacyRecord, Region } from '@/lib/shared/schemas/blurring';

/**
 * The privacy record of a mission's images (issue 18 §5): per image the detector and its version,
 * each region's origin and confidence, who edited, approved and finished, and when. For whoever
 * may read the mission's audit trail (a record of who did what).
 */
export async function privacyRecord(ctx: DomainContext, { missionId }: { missionId: number }): Promise<PrivacyRecord> {
  return (await privacyRecordOfMission(ctx, { missionId })).record;
}

/**
 * The mission's images and its blurring state in one round trip: one row per image, the state on
 * each (one row without an image when it has none). Every detail page of a user who may read the
 * audit trail reads them, so it is built once (built-once.ts).
 */
const imagesAndBlurringOf = builtOnce((db: Db) =>
  db
    .select({ image: missionImage, blurring: missionBlurring })
    .from(mission)
    .leftJoin(missionImage, eq(missionImage.missionId, mission.id))
    .leftJoin(missionBlurring, eq(missionBlurring.missionId, mission.id))
    .where(eq(mission.id, sql.placeholder('missionId')))
    .orderBy(asc(missionImage.id)),
);

/** The record with the mission's name (for the PDF's head). */
export async function privacyRecordOfMission(ctx: DomainContext, { missionId }: { missionId: number }): Promise<{ record: PrivacyRecord; missionName: string }> {
  const { row: missionRow } = await requireMission(ctx, missionId, 'readAudit');
  const found = await imagesAndBlurringOf(ctx.db).execute({ missionId });
  const rows = found.flatMap((r) => (r.image ? [r.image] : []));
  const state = found[0]?.blurring ?? undefined;
  const names = await namesOf(ctx, [...rows.flatMap((r) => [r.editedBy, r.approvedBy, ...r.regions.map((g) => g.createdBy)]), state?.blurredBy ?? null, state?.finishedBy ?? null]);
  const record = {
    blurring: missionBlurringDto(missionId, state, names),
    images: rows.map((r) => ({ image: imageDto(r, names, { original: false }), regions: r.regions })),
    names: Object.fromEntries(names),
  };
  return { record, missionName: missionRow.name };
}

const COLUMNS = [
  'image', 'file', 'kind', 'detector', 'detectorVersion', 'detectedAt', 'region', 'shape', 'regionKind', 'origin', 'confidence',
  'adjusted', 'drawnBy', 'editedBy', 'editedAt', 'approvedBy', 'approvedAt', 'blurredBy', 'finishedBy', 'finishedAt',
] as const;
const when = (iso: string | null) => (iso ? new Date(iso) : null);

/** The record as a table: one row per region, an image without regions on a row of its own. */
export function privacyRecordTable(record: PrivacyRecord, locale: Locale): ExportTable {
  const t = CATALOGUES[locale].blurring.record;
  const rows = record.images.flatMap(({ image, regions }) => {
    const common = (region: Region | null): ExportCell[] => [
      image.id, image.filename, t.kinds[image.kind], image.detector, image.detectorVersion, when(image.detectedAt),
      region ? region.id : null, region ? t.shapes[region.shape] : null, region ? t.regionKinds[region.kind] : null,
      region ? t.origins[region.source] : null, region?.confidence ?? null, region ? (region.adjusted ? t.yes : t.no) : null,
      region?.createdBy ? (record.names[region.createdBy] ?? region.createdBy) : null,
      image.editedByName ?? image.editedBy, when(image.editedAt), image.approvedByName ?? image.approvedBy, when(image.approvedAt),
      record.blurring.blurredByName ?? record.blurring.blurredBy, record.blurring.finishedByName ?? record.blurring.finishedBy, when(record.blurring.finishedAt),
    ];
    return regions.length === 0 ? [common(null)] : regions.map((r) => common(r));
  });
  return { header: COLUMNS.map((c) => t.columns[c]), rows };
}

export const privacyRecordCsv = (record: PrivacyRecord, locale: Locale): Buffer => toCsv(privacyRecordTable(record, locale));
