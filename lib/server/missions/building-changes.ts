import 'server-only';
import type { PolygonGeometry } from '@/lib/shared/geo';
import type { BuildingType } from '@/lib/shared/schemas/building';
import { measuresOf } from './building-measures';

/** The stored fields of a building that an edit can change, directly or through its measures. */
export interface StoredBuilding {
  name: string;
  type: BuildingType;
  footprint: PolygonGeometry;
  levels: number;
  storeyHeight: number;
  groundArea: number;
  facadeArea: number;
  perimeter: number;
}

export interface BuildingPatch {
  name?: string;
  type?: BuildingType;
  footprint?: PolygonGeometry;
  levels?: number;
  storeyHeight?: number;
}

const COMPARED = ['name', 'type', 'levels', 'groundArea', 'facadeArea', 'perimeter', 'storeyHeight'] as const;

/**
 * What a patch does to a stored building: the new values (measures re-computed from the outline,
 * type, levels and storey height) and the audit diff of what actually differs. `null` when nothing
 * does, so an unchanged building keeps its version and gets no audit event. An omitted field
 * keeps its stored value. The outline is not copied into the audit trail, only marked as changed.
 */
export function buildingChange(current: StoredBuilding, patch: BuildingPatch) {
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as BuildingPatch;
  const next = { ...current, ...given };
  const changes = { name: next.name, type: next.type, footprint: next.footprint, levels: next.levels, ...measuresOf(next) };
  const diff: Record<string, [unknown, unknown]> = {};
  for (const field of COMPARED) {
    if (current[field] !== changes[field]) diff[field] = [current[field], changes[field]];
  }
  if (JSON.stringify(current.footprint) !== JSON.stringify(changes.footprint)) diff.footprint = ['changed', 'changed'];
  return Object.keys(diff).length === 0 ? null : { changes, diff };
}
