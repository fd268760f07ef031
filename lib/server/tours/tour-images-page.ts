import 'server-only';
import { cache } from 'react';
import type { TourImagesDto } from '@/lib/shared/schemas/tour';
import { requireUser } from '../auth/require-user';
import { pageContext } from '../domain/contexts';
import { AppError } from '../errors';
import { listTourImages } from './list-tour-images';

export type TourImagesLoad = { kind: 'notFound' } | { kind: 'notAuthorized' } | { kind: 'ok'; images: TourImagesDto };

/** The mission's tour images for its pages, as the signed-in user may see them (cached per request). */
export const loadTourImages = cache(async (missionId: number): Promise<TourImagesLoad> => {
  const user = await requireUser();
  try {
    return { kind: 'ok', images: await listTourImages(pageContext(user.actor, 'tour-images-page'), { missionId }) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { kind: 'notFound' };
    if (err instanceof AppError && err.code === 'not_authorized') return { kind: 'notAuthorized' };
    throw err;
  }
});
