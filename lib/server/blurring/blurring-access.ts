import 'server-only';
import { eq } from 'drizzle-orm';
import { encodeKey } from '@/lib/shared/validation/issue';
import { requirePermission } from '../auth/require-permission';
import { missionImage } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import { requireMission, type MissionRow } from '../missions/visibility';

export type MissionImageRow = typeof missionImage.$inferSelect;

/** spec §6, verbatim: the four-eyes rule, also the 403's message. */
export const FOUR_EYES_RULE = 'Blurring can only be finished by someone other than the person who blurred.';
export const fourEyesRefused = () => new AppError('not_authorized', FOUR_EYES_RULE, undefined, 'errors.blurring.fourEyes');
export const blurringConflict = (message: string, key: `errors.${string}`, values?: Record<string, string | number>) =>
  new AppError('conflict', message, values, values ? encodeKey(key, values) : key);

/**
 * The blurring review of a mission: the permission `blurring` (spec §3 UI.menu.blurring) and a
 * mission the user may see (tenant scope of mission-access.ts). Originals are reachable only past
 * this check.
 */
export async function requireBlurringMission(ctx: DomainContext, missionId: number, options: { lock?: boolean } = {}): Promise<MissionRow> {
  await requirePermission(ctx.actor, 'UI.menu.blurring');
  return (await requireMission(ctx, missionId, 'read', options)).row;
}

/**
 * An image and its mission: `review` asks for the blurring permission (originals, regions,
 * approve); otherwise reading the mission is enough (the blurred derivative). 404 for an unknown
 * id, 403 'not authorized to access mission id' for someone else's mission.
 */
export async function requireImage(
  ctx: DomainContext,
  imageId: number,
  options: { review: boolean; lock?: boolean },
): Promise<{ image: MissionImageRow; mission: MissionRow }> {
  if (options.review) await requirePermission(ctx.actor, 'UI.menu.blurring');
  const query = ctx.db.select().from(missionImage).where(eq(missionImage.id, imageId));
  const [image] = options.lock ? await query.for('update') : await query;
  if (!image) throw notFound('image');
  const { row } = await requireMission(ctx, image.missionId, 'read');
  return { image, mission: row };
}
