'use client';

import { useEffect, useMemo, useState } from 'react';
import type { PanelizerPoints, PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import { rasterizePoints, type PointImage } from '../render/point-image';
import { pointGrid, type PointGrid } from '../model/snapping';

export type LoadPoints = (query: PanelizerPointsQuery, signal: AbortSignal) => Promise<PanelizerPoints>;

/**
 * One view's point set: fetched when the query changes (the previous request aborted), then
 * rasterised once into the image the canvas draws and indexed once for snapping.
 */
export function usePoints(load: LoadPoints, query: PanelizerPointsQuery | null) {
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<{ key: string | null; points: PanelizerPoints | null; failed: boolean }>({ key: null, points: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    load(JSON.parse(key) as PanelizerPointsQuery, controller.signal).then(
      (points) => setState({ key, points, failed: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, points: null, failed: true });
        void error;
      },
    );
    return () => controller.abort();
  }, [key, load, attempt]);
  const current = state.key === key ? state : { key, points: null, failed: false };
  const image = useMemo<PointImage | null>(() => (current.points ? rasterizePoints(current.points) : null), [current.points]);
  const grid = useMemo<PointGrid | null>(() => (current.points ? pointGrid(current.points.uv, current.points.count) : null), [current.points]);
  return {
    points: current.points,
    image,
    grid,
    loading: key !== null && current.points === null && !current.failed,
    failed: current.failed,
    retry: () => setAttempt((n) => n + 1),
  };
}
