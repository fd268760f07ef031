import 'server-only';
import type { measurement } from '../db/schema';
import { measuresOf } from '@/lib/shared/measurements/maths';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';

export type MeasurementRow = typeof measurement.$inferSelect;

/** A stored item as the API sends it, with what its points measure. */
export function toMeasurementDto(row: MeasurementRow): MeasurementDto {
  return {
    id: row.id,
    missionId: row.missionId,
    kind: row.kind,
    name: row.name,
    visible: row.visible,
    points: row.points,
    data: row.data,
    measures: measuresOf(row.kind, row.points),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
