import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { metresPerDegree } from '@/lib/shared/geo/local';
import type { TourImageDto } from '@/lib/shared/schemas/tour';
import { missionFile, missionImage, tourPanorama } from '../db/schema';
import type { DomainContext } from '../domain/context';
import type { ImagePose } from './image-pose';

export interface Panorama extends TourImageDto {
  missionFileId: number;
  blurredKey: string | null;
}

/**
 * A mission's panoramas with how tours use them, in tour order (an explicit order first, then
 * upload order). Images without a tour_panorama row take the defaults: file name, unplaced, in tours.
 */
export async function missionPanoramas(ctx: Pick<DomainContext, 'db'>, missionId: number, origin: GeoOrigin | null = null): Promise<Panorama[]> {
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
      fromMetadata: fromMetadata(image.metadata.pose as ImagePose | undefined, origin),
    };
  });
}

/** The mission's location (its geo reference): the plan's origin, x east and y north in metres. */
export interface GeoOrigin {
  latitude: number;
  longitude: number;
}

/** Plans are bounded to ±100 km (the PATCH's limit): a photo taken farther away is not placed. */
const PLAN_LIMIT = 1e5;

export function fromMetadata(pose: ImagePose | undefined, origin: GeoOrigin | null): TourImageDto['fromMetadata'] {
  if (!pose) return null;
  const heading = typeof pose.heading === 'number' ? pose.heading : null;
  let x: number | null = null;
  let y: number | null = null;
  if (origin && typeof pose.latitude === 'number' && typeof pose.longitude === 'number') {
    const m = metresPerDegree(origin.latitude);
    const east = Math.round((pose.longitude - origin.longitude) * m.lon * 100) / 100;
    const north = Math.round((pose.latitude - origin.latitude) * m.lat * 100) / 100;
    if (Math.abs(east) <= PLAN_LIMIT && Math.abs(north) <= PLAN_LIMIT) [x, y] = [east, north];
  }
  return heading === null && x === null ? null : { heading, x, y };
}

/** The mission's location as the plan's origin, when it has one. */
export const originOf = (mission: { latitude: number | null; longitude: number | null }): GeoOrigin | null =>
  mission.latitude === null || mission.longitude === null ? null : { latitude: mission.latitude, longitude: mission.longitude };

/** spec §2's "segmented": every image the tours use has a floor and a position. */
export const isSegmented = (panoramas: readonly Pick<Panorama, 'inTours' | 'floor' | 'x'>[]) =>
  panoramas.filter((p) => p.inTours).every((p) => p.floor !== null && p.x !== null);

export function toTourImageDto({ missionFileId: _f, blurredKey: _b, ...dto }: Panorama): TourImageDto {
  return dto;
}
