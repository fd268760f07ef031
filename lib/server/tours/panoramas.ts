import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TourImageDto } from '@/lib/shared/schemas/tour';
import { missionFile, missionImage, tourPanorama } from '../db/schema';
import type { DomainContext } from '../domain/context';

export interface Panorama extends TourImageDto {
  missionFileId: number;
  blurredKey: string | null;
}

/**
 * A mission's panoramas with how tours use them, in tour order (an explicit order first, then
 * upload order). Images without a tour_panorama row take the defaults: file name, unplaced, in tours.
 */
export async function missionPanoramas(ctx: Pick<DomainContext, 'db'>, missionId: number): Promise<Panorama[]> {
  const rows = await ctx.db
    .select({ image: missionImage, filename: missionFile.filename, placed: tourPanorama })
    .from(missionImage)
    .innerJoin(missionFile, eq(missionFile.id, missionImage.missionFileId))
    .leftJoin(tourPanorama, eq(tourPanorama.imageId, missionImage.id))
    .where(and(eq(missionImage.missionId, missionId), eq(missionImage.kind, 'panorama')))
    .orderBy(asc(sql`coalesce(${tourPanorama.sortOrder}, 2147483647)`), asc(missionImage.id));
  return rows.map(({ image, filename, placed }, index) => {
    const base = `/api/v2/blurring/images/${image.id}`;
    return {
      imageId: image.id,
      missionFileId: image.missionFileId,
      name: placed?.name ?? filename.replace(/\.[^.]*$/, ''),
      order: index,
      floor: placed?.floor ?? null,
      x: placed?.x ?? null,
      y: placed?.y ?? null,
      heading: placed?.heading ?? 0,
      inTours: placed?.inTours ?? true,
      width: image.width,
      height: image.height,
      thumbnailUrl: image.thumbnailKey ? `${base}/thumbnail` : null,
      previewUrl: image.blurredKey ? `${base}/blurred` : null,
      blurredKey: image.blurredKey,
      version: placed?.version ?? 0,
    };
  });
}

/** spec §2's "segmented": every image the tours use has a floor and a position. */
export const isSegmented = (panoramas: readonly Pick<Panorama, 'inTours' | 'floor' | 'x'>[]) =>
  panoramas.filter((p) => p.inTours).every((p) => p.floor !== null && p.x !== null);

export function toTourImageDto({ missionFileId: _f, blurredKey: _b, ...dto }: Panorama): TourImageDto {
  return dto;
}
