import 'server-only';
import { cache } from 'react';
import type { TourDto, TourManifest, TourMarkers } from '@/lib/shared/schemas/tour';
import { requireUser } from '../auth/require-user';
import { pageContext } from '../domain/contexts';
import { AppError } from '../errors';
import { getTour } from './get-tour';

export type TourLoad = { kind: 'notFound' } | { kind: 'notAuthorized' } | { kind: 'ok'; tour: TourDto; manifest: TourManifest; mayEdit: boolean; markers: TourMarkers };

/**
 * A generated tour of the mission in the address, as the signed-in user may see it; a tour of
 * another mission, or one not generated yet, is not found. Cached per request (title and page).
 */
export const loadTour = cache(async (missionId: number, tourId: number): Promise<TourLoad> => {
  const user = await requireUser();
  try {
    const { tour, row, mayEdit, markers } = await getTour(pageContext(user.actor, 'tour-page'), { id: tourId });
    if (row.missionId !== missionId || !row.manifest) return { kind: 'notFound' };
    return { kind: 'ok', tour, manifest: row.manifest, mayEdit, markers };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { kind: 'notFound' };
    if (err instanceof AppError && err.code === 'not_authorized') return { kind: 'notAuthorized' };
    throw err;
  }
});
