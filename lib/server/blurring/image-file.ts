import 'server-only';
import { eq } from 'drizzle-orm';
import { missionFile } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { blurringConflict, requireImage } from './blurring-access';

export type ImageVariant = 'original' | 'blurred' | 'thumbnail';

/**
 * Where a picture of an image is stored. The original only for the blurring review (permission
 * blurring on a mission the user sees); the blurred derivative and its thumbnail for everyone who
 * may read the mission: they are what every other place shows.
 */
export async function imageFile(ctx: DomainContext, { id, variant }: { id: number; variant: ImageVariant }): Promise<{ key: string; filename: string }> {
  const { image } = await requireImage(ctx, id, { review: variant === 'original' });
  const name = String(image.metadata.filename ?? `image-${id}.jpg`);
  if (variant === 'original') {
    const [file] = await ctx.db.select({ key: missionFile.storageKey }).from(missionFile).where(eq(missionFile.id, image.missionFileId));
    return { key: file!.key, filename: name };
  }
  const key = variant === 'blurred' ? image.blurredKey : image.thumbnailKey;
  if (!key) throw blurringConflict('the blurred image is not rendered yet', 'errors.blurring.notReady');
  return { key, filename: `${name.replace(/\.[^.]*$/, '')}-blurred.jpg` };
}
