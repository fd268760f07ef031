import 'server-only';
import type { DomainContext } from '../domain/context';
import { requireRenderedSlice, SEE_RENDERED_SLICES } from './rendered-slice-access';

/** Where a slice view's picture is and what to call it when saved, after the mission's read check. */
export async function renderedSliceImage(ctx: DomainContext, { missionId, id }: { missionId: number; id: number }): Promise<{ key: string; filename: string }> {
  const row = await requireRenderedSlice(ctx, missionId, id, SEE_RENDERED_SLICES);
  const base = row.name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'slice';
  return { key: row.storageKey, filename: `${base} 1-${row.scale}.png` };
}
