import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { placeMarkers, type MarkerItem, type TourMarker } from '@/lib/shared/tours/markers';
import { measurement } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { missionPlanFrame } from './plan-slice';

const MARKER_KINDS = ['annotation', 'distance', 'height', 'area'] as const;

/**
 * The mission's visible measurements and annotations (saved in the 3D viewer) as markers of each
 * panorama of the tour, keyed by image id. None while the mission has no point cloud: without it
 * the plan has no frame to place them in. The caller has checked the mission may be read.
 */
export async function tourMarkers(ctx: DomainContext, missionId: number, manifest: TourManifest | null): Promise<Record<string, TourMarker[]>> {
  if (!manifest || manifest.nodes.length === 0) return {};
  const frame = await missionPlanFrame(ctx, missionId);
  if (!frame) return {};
  const rows = await ctx.db
    .select()
    .from(measurement)
    .where(and(eq(measurement.missionId, missionId), eq(measurement.visible, true), inArray(measurement.kind, [...MARKER_KINDS])))
    .orderBy(asc(measurement.id));
  const items: MarkerItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as MarkerItem['kind'],
    name: r.kind === 'annotation' && typeof r.data.title === 'string' ? r.data.title : r.name,
    points: r.points,
    text: r.kind === 'annotation' && typeof r.data.text === 'string' && r.data.text !== '' ? r.data.text : undefined,
  }));
  const placed = placeMarkers(manifest.nodes, items, { origin: frame.origin, storeyHeight: frame.storeyHeight });
  return Object.fromEntries([...placed.entries()].filter(([, list]) => list.length > 0).map(([id, list]) => [String(id), list]));
}
