import 'server-only';
import { eq } from 'drizzle-orm';
import type { Region } from '@/lib/shared/schemas/blurring';
import { missionFile } from '../db/schema';
import type { DomainContext } from '../domain/context';
import type { MissionImageRow } from './blurring-access';
import { blurredKeyOf, thumbnailKeyOf } from './image-dto';
import { renderBlurred } from './image-io';

export async function readOriginal(ctx: DomainContext, image: Pick<MissionImageRow, 'missionFileId'>): Promise<Buffer> {
  const [file] = await ctx.db.select({ key: missionFile.storageKey }).from(missionFile).where(eq(missionFile.id, image.missionFileId));
  if (!file) throw new Error(`mission file ${image.missionFileId} is gone`);
  const { body } = await ctx.storage.get(file.key);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Renders the blurred derivative of one regions version and stores it with its thumbnail under
 * keys of that version: a reader of the previous version never sees a half-written picture.
 */
export async function storeRendered(ctx: DomainContext, image: MissionImageRow, original: Buffer, regions: readonly Region[], version: number) {
  const { blurred, thumbnail } = await renderBlurred(original, regions);
  const blurredKey = blurredKeyOf(image, version);
  const thumbnailKey = thumbnailKeyOf(image, version);
  await ctx.storage.put(blurredKey, blurred, { contentType: 'image/jpeg' });
  await ctx.storage.put(thumbnailKey, thumbnail, { contentType: 'image/jpeg' });
  return { blurredKey, thumbnailKey, blurredVersion: version };
}

/** Removes the pictures of a superseded version (after the new one is committed). */
export async function dropRendered(ctx: DomainContext, keys: readonly (string | null)[]): Promise<void> {
  for (const key of keys) if (key) await ctx.storage.delete(key).catch((err: unknown) => ctx.log.error(`could not remove ${key}`, err));
}
