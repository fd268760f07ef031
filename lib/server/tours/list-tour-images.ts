import 'server-only';
import type { TourImagesDto } from '@/lib/shared/schemas/tour';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { capabilityFor } from '../uploads/create-upload';
import { isSegmented, missionPanoramas, originOf, toTourImageDto } from './panoramas';
import { EDIT_TOURS, SEE_TOURS } from './tour-access';

/** The mission's panoramas as tours use them, for everyone who sees the mission. */
export async function listTourImages(ctx: DomainContext, input: { missionId: number }): Promise<TourImagesDto> {
  const { row, access } = await requireMission(ctx, input.missionId, SEE_TOURS);
  const panoramas = await missionPanoramas(ctx, input.missionId, originOf(row));
  return { items: panoramas.map(toTourImageDto), segmented: isSegmented(panoramas), mayEdit: access.capabilities.has(EDIT_TOURS), mayUpload: access.capabilities.has(capabilityFor('tour-image')) };
}
