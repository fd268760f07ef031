'use client';

import { useEffect } from 'react';
import { datasets } from '@/lib/client/api/datasets';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { MissionPointcloudDto } from '@/lib/shared/schemas/dataset';

/** How often the point cloud's state is read again while a build is under way. */
export const POINTCLOUD_REFRESH_MS = 2000;

export const isBuilding = (p: MissionPointcloudDto | null | undefined) =>
  p?.conversion?.state === 'queued' || p?.conversion?.state === 'running' || p?.conversion?.state === 'held';

/**
 * The mission's online point cloud as the page knows it: the server's first read, then read again
 * while a build runs. The section and the actions bar share one cache entry (one request).
 */
export function useMissionPointcloud(missionId: number, initial: MissionPointcloudDto | null | undefined) {
  const answer = useEndpoint(datasets.getMissionPointcloud, { params: { id: missionId } }, {
    fallbackData: initial ?? undefined,
    revalidateOnMount: !initial,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    refreshInterval: (latest) => (isBuilding(latest ?? initial) ? POINTCLOUD_REFRESH_MS : 0),
  });
  const { mutate } = answer;
  // A server render of the page (router.refresh()) brings a newer state.
  useEffect(() => {
    if (initial) void mutate(initial, { revalidate: false });
  }, [initial, mutate]);
  return answer;
}
