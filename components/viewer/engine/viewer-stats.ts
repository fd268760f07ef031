import type { PointCloudOctree, Potree } from 'potree-core';
import type { Point3 } from '@/lib/shared/measurements/maths';
import type { CameraView } from './engine-types';

/**
 * What `npm run bench viewer` reads while it flies the camera across the cloud (issue 16 "Measure":
 * points drawn never above the budget, node cache memory bounded). Nothing here is shown to users.
 */
export interface ViewerStats {
  /** Points the last visibility update chose to draw. */
  pointsDrawn: number;
  pointBudget: number;
  /** Nodes still being fetched or decoded: 0 once the view has settled. */
  loadingNodes: number;
  visibleNodes: number;
  /** potree-core's node cache: loaded nodes kept in its LRU (it frees down to twice the budget). */
  cachedNodes: number;
  cachedPoints: number;
  /** The geometry bytes of every loaded node (the typed arrays held in the browser; GPU copies alike). */
  cachedBytes: number;
}

/** The bench's hook on `window`, set only when the address carries `?viewerStats` (see ADR 0010). */
export interface ViewerStatsHook {
  read(): ViewerStats;
  /** Where the points are (cloud coordinates). */
  extent(): { min: Point3; max: Point3 };
  /** Puts the camera at a view (cloud coordinates), as a deep link does. */
  look(view: CameraView): void;
}

export const VIEWER_STATS_FLAG = 'viewerStats';

declare global {
  interface Window {
    __argusViewerStats?: ViewerStatsHook;
  }
}

/** Counts the loaded nodes and their geometry bytes (walks the octree: called on demand, never per frame). */
export function readStats(potree: Potree, pco: PointCloudOctree): ViewerStats {
  let cachedNodes = 0;
  let cachedBytes = 0;
  pco.pcoGeometry.root.traverse((node) => {
    if (!node.loaded || !node.geometry) return;
    cachedNodes += 1;
    const { attributes, index } = node.geometry;
    for (const name of Object.keys(attributes)) cachedBytes += (attributes[name]!.array as ArrayLike<number> & { byteLength?: number }).byteLength ?? 0;
    if (index) cachedBytes += (index.array as { byteLength: number }).byteLength;
  });
  return {
    pointsDrawn: pco.visibleNodes.reduce((sum, node) => sum + node.numPoints, 0),
    pointBudget: potree.pointBudget,
    loadingNodes: pco.pcoGeometry.numNodesLoading,
    visibleNodes: pco.visibleNodes.length,
    cachedNodes,
    cachedPoints: potree.lru.numPoints,
    cachedBytes,
  };
}

/** Installs the hook when the page was opened with the flag; returns how to remove it. */
export function installStatsHook(hook: ViewerStatsHook): () => void {
  if (!new URLSearchParams(window.location.search).has(VIEWER_STATS_FLAG)) return () => {};
  window.__argusViewerStats = hook;
  return () => {
    if (window.__argusViewerStats === hook) delete window.__argusViewerStats;
  };
}
