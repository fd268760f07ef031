import 'server-only';
import type { MissionTableColumn, TablePresetDto } from '@/lib/shared/schemas/table-preset';
import type { tablePreset } from '../db/schema';

export const toTablePresetDto = (row: typeof tablePreset.$inferSelect): TablePresetDto => ({
  id: row.id,
  name: row.name,
  columns: row.columns as MissionTableColumn[],
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

/** Table presets belong to one user: the system (no identity) has none. */
export const ownerOf = (actor: { kind: string; identityId?: string }) => (actor.kind === 'user' ? actor.identityId! : null);
