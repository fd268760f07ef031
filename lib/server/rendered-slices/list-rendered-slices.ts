import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import type { RenderedSliceDto } from '@/lib/shared/schemas/rendered-slice';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { appUser, renderedSlice } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { SEE_RENDERED_SLICES, type RenderedSliceRow } from './rendered-slice-access';

export const toRenderedSliceDto = (row: RenderedSliceRow, createdBy: string | null): RenderedSliceDto => ({
  id: row.id,
  missionId: row.missionId,
  sliceId: row.measurementId,
  name: row.name,
  scale: row.scale,
  dpi: row.dpi,
  widthPx: row.widthPx,
  heightPx: row.heightPx,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  createdBy,
});

/** Every detail page reads them: built once (built-once.ts). */
const slicesOf = builtOnce((db: Db) =>
  db
    .select({ slice: renderedSlice, createdBy: appUser.displayName })
    .from(renderedSlice)
    .leftJoin(appUser, eq(appUser.identityId, renderedSlice.createdBy))
    .where(eq(renderedSlice.missionId, sql.placeholder('missionId')))
    .orderBy(desc(renderedSlice.id)),
);

/** spec §2 mission detail "rendered slices": the mission's slice views, newest first, with who exported them. */
export async function listRenderedSlices(ctx: DomainContext, { missionId }: { missionId: number }): Promise<RenderedSliceDto[]> {
  await requireMission(ctx, missionId, SEE_RENDERED_SLICES);
  const rows = await slicesOf(ctx.db).execute({ missionId });
  return rows.map(({ slice, createdBy }) => toRenderedSliceDto(slice, createdBy ?? null));
}
