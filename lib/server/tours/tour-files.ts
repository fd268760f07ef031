import 'server-only';
import { eq } from 'drizzle-orm';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { tour } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';
import { requireTour, SEE_TOURS, type TourRow } from './tour-access';

/** The files a generation writes per panorama: the preview and `level_row_col.jpg` tiles. */
export const TOUR_FILE = /^(preview|\d{1,2}_\d{1,3}_\d{1,3})\.jpg$/;

/** The storage key of a generated file, or 404: only names the manifest's panoramas can have. */
function keyOf(row: Pick<TourRow, 'outputPrefix' | 'manifest'>, imageId: number, file: string): string {
  const node = row.manifest?.nodes.find((n) => n.id === imageId);
  if (!row.outputPrefix || !node || !TOUR_FILE.test(file)) throw notFound('tour file');
  return `${row.outputPrefix}${imageId}/${file}`;
}

/** A generated file of a tour for someone who sees its mission. */
export async function tourFileKey(ctx: DomainContext, input: { id: number; imageId: number; file: string }): Promise<string> {
  const { row } = await requireTour(ctx, input.id, SEE_TOURS);
  return keyOf(row, input.imageId, input.file);
}

export interface PublicTour {
  name: string;
  manifest: TourManifest;
}

/** The tour behind a public link; 404 for an unknown or revoked token (no session involved). */
export async function publicTour(ctx: Pick<DomainContext, 'db'>, token: string): Promise<PublicTour & { row: TourRow }> {
  const [row] = token.length >= 16 ? await ctx.db.select().from(tour).where(eq(tour.publicToken, token)) : [];
  if (!row || !row.manifest) throw notFound('tour');
  return { name: row.name, manifest: row.manifest, row };
}

/** A generated file behind a public link. */
export async function publicTourFileKey(ctx: Pick<DomainContext, 'db'>, input: { token: string; imageId: number; file: string }): Promise<string> {
  const { row } = await publicTour(ctx, input.token);
  return keyOf(row, input.imageId, input.file);
}
