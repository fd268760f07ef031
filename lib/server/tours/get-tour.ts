import 'server-only';
import type { TourDto, TourMarkers } from '@/lib/shared/schemas/tour';
import type { DomainContext } from '../domain/context';
import { EDIT_TOURS, requireTour, SEE_TOURS, type TourRow } from './tour-access';
import { toTourDtos } from './tour-dto';
import { tourMarkers } from './tour-markers';

/**
 * One tour with its generated manifest, for the viewer page: the mission's measurements and
 * annotations as markers (whoever sees the tour sees the mission's), and whether the caller may
 * edit it (its links).
 */
export async function getTour(ctx: DomainContext, input: { id: number }): Promise<{ tour: TourDto; row: TourRow; mayEdit: boolean; markers: TourMarkers }> {
  const { row, access } = await requireTour(ctx, input.id, SEE_TOURS);
  const [dto] = await toTourDtos(ctx, [row]);
  return { tour: dto!, row, mayEdit: access.capabilities.has(EDIT_TOURS), markers: await tourMarkers(ctx, row.missionId, row.manifest) };
}
