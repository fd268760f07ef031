import 'server-only';
import type { TourDto } from '@/lib/shared/schemas/tour';
import type { DomainContext } from '../domain/context';
import { EDIT_TOURS, requireTour, SEE_TOURS, type TourRow } from './tour-access';
import { toTourDtos } from './tour-dto';

/** One tour with its generated manifest, for the viewer page, and whether the caller may edit it (its links). */
export async function getTour(ctx: DomainContext, input: { id: number }): Promise<{ tour: TourDto; row: TourRow; mayEdit: boolean }> {
  const { row, access } = await requireTour(ctx, input.id, SEE_TOURS);
  const [dto] = await toTourDtos(ctx, [row]);
  return { tour: dto!, row, mayEdit: access.capabilities.has(EDIT_TOURS) };
}
