import 'server-only';
import type { ImageRegions } from '@/lib/shared/schemas/blurring';
import type { DomainContext } from '../domain/context';
import { requireImage } from './blurring-access';

export async function getRegions(ctx: DomainContext, { id }: { id: number }): Promise<ImageRegions> {
  const { image } = await requireImage(ctx, id, { review: true });
  return { imageId: image.id, version: image.regionsVersion, regions: image.regions };
}
