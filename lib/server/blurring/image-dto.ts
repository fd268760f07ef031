import 'server-only';
import { inArray } from 'drizzle-orm';
import type { BlurringImage, MissionBlurring } from '@/lib/shared/schemas/blurring';
import { appUser, missionBlurring } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { joinKey } from '../storage/keys';
import type { MissionImageRow } from './blurring-access';

export type MissionBlurringRow = typeof missionBlurring.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Where an image's blurred derivative and thumbnail of one regions version are stored. */
export const blurredKeyOf = (image: Pick<MissionImageRow, 'missionId' | 'id'>, version: number) => joinKey('missions', image.missionId, 'images', image.id, `blurred-v${version}.jpg`);
export const thumbnailKeyOf = (image: Pick<MissionImageRow, 'missionId' | 'id'>, version: number) => joinKey('missions', image.missionId, 'images', image.id, `thumbnail-v${version}.jpg`);

/** Display names of the identities (who blurred, edited, approved, finished). */
export async function namesOf(ctx: DomainContext, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db.select({ id: appUser.identityId, name: appUser.displayName }).from(appUser).where(inArray(appUser.identityId, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function imageDto(row: MissionImageRow, names: Map<string, string>, options: { original: boolean }): BlurringImage {
  const base = `/api/v2/blurring/images/${row.id}`;
  const rendered = row.blurredKey !== null;
  return {
    id: row.id,
    missionId: row.missionId,
    missionFileId: row.missionFileId,
    kind: row.kind,
    filename: String(row.metadata.filename ?? ''),
    width: row.width,
    height: row.height,
    detection: row.detection,
    detectionError: row.detectionError,
    detector: row.detector,
    detectorVersion: row.detectorVersion,
    detectedAt: iso(row.detectedAt),
    regionCount: row.regions.length,
    regionsVersion: row.regionsVersion,
    editedBy: row.editedBy,
    editedByName: row.editedBy ? (names.get(row.editedBy) ?? null) : null,
    editedAt: iso(row.editedAt),
    approvedBy: row.approvedBy,
    approvedByName: row.approvedBy ? (names.get(row.approvedBy) ?? null) : null,
    approvedAt: iso(row.approvedAt),
    // The version in the query string makes a re-rendered picture a new URL (cached ones stay right).
    blurredUrl: rendered ? `${base}/blurred?v=${row.blurredVersion}` : null,
    thumbnailUrl: rendered ? `${base}/thumbnail?v=${row.blurredVersion}` : null,
    originalUrl: options.original ? `${base}/original` : null,
  };
}

export function missionBlurringDto(missionId: number, row: MissionBlurringRow | undefined, names: Map<string, string>): MissionBlurring {
  const blurredBy = row?.blurredBy ?? null;
  const finishedBy = row?.finishedBy ?? null;
  return {
    missionId,
    blurredBy,
    blurredByName: blurredBy ? (names.get(blurredBy) ?? null) : null,
    finishedBy,
    finishedByName: finishedBy ? (names.get(finishedBy) ?? null) : null,
    finishedAt: iso(row?.finishedAt ?? null),
    finished: row?.finishedAt != null,
  };
}
