import type { StorageMissionDto } from '@/lib/shared/schemas/storage';

export const STORAGE_SORTS = ['name', 'localBytes', 'cloudBytes', 'lastSyncedAt', 'state'] as const;
export type StorageSort = (typeof STORAGE_SORTS)[number];

/** Names A→Z; sizes and last sync largest/newest first (what an admin looks for); state by name. */
export function sortMissions(missions: readonly StorageMissionDto[], sort: StorageSort): StorageMissionDto[] {
  const byName = (a: StorageMissionDto, b: StorageMissionDto) => a.name.localeCompare(b.name) || a.id - b.id;
  const compare: Record<StorageSort, (a: StorageMissionDto, b: StorageMissionDto) => number> = {
    name: byName,
    localBytes: (a, b) => b.localBytes - a.localBytes || byName(a, b),
    cloudBytes: (a, b) => b.cloudBytes - a.cloudBytes || byName(a, b),
    lastSyncedAt: (a, b) => (b.lastSyncedAt ?? '').localeCompare(a.lastSyncedAt ?? '') || byName(a, b),
    state: (a, b) => a.state.localeCompare(b.state) || byName(a, b),
  };
  return [...missions].sort(compare[sort]);
}
