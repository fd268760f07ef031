'use client';

import { useEffect, useState } from 'react';
import { fetchTourPlan } from '@/lib/client/api/panelizer-points';
import type { PanelizerPoints } from '@/lib/shared/panelizer/points';

/** A floor's slice drawn as a picture, placed on the plan by its extent (metres, y north). */
export interface PlanSlice {
  href: string;
  minX: number;
  minY: number;
  width: number;
  height: number;
  count: number;
}

/** 5 cm a pixel, at most 2048 pixels a side: walls read clearly, the picture stays small. */
const PIXEL_M = 0.05;
const MAX_SIDE = 2048;

/** The points from above, in their colours, as a PNG data address (north up). */
export function drawSlice(points: PanelizerPoints): PlanSlice | null {
  if (points.count === 0) return null;
  const { uMin, uMax, vMin, vMax } = points.bounds;
  const width = Math.max(uMax - uMin, PIXEL_M);
  const height = Math.max(vMax - vMin, PIXEL_M);
  const scale = Math.min(1 / PIXEL_M, MAX_SIDE / width, MAX_SIDE / height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(width * scale));
  canvas.height = Math.max(1, Math.ceil(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  const image = context.createImageData(canvas.width, canvas.height);
  for (let i = 0; i < points.count; i++) {
    const px = Math.min(canvas.width - 1, Math.floor((points.uv[i * 2]! - uMin) * scale));
    const py = Math.min(canvas.height - 1, Math.floor((vMax - points.uv[i * 2 + 1]!) * scale));
    const at = (py * canvas.width + px) * 4;
    // Darkened, so the markers drawn over it stay the brightest thing on the plan.
    image.data[at] = points.rgb[i * 3]! * 0.6;
    image.data[at + 1] = points.rgb[i * 3 + 1]! * 0.6;
    image.data[at + 2] = points.rgb[i * 3 + 2]! * 0.6;
    image.data[at + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  return { href: canvas.toDataURL('image/png'), minX: uMin, minY: vMin, width, height, count: points.count };
}

/**
 * The shown floor's slice of the mission's point cloud; null while loading, when the cloud is not
 * ready (the plan keeps its metre grid) or when the floor has no points.
 */
export function usePlanSlice(missionId: number, floor: number): PlanSlice | null {
  const [slices, setSlices] = useState<Record<number, PlanSlice | null>>({});
  const known = floor in slices;
  useEffect(() => {
    if (known) return;
    const abort = new AbortController();
    fetchTourPlan(missionId, floor, abort.signal)
      .then((points) => setSlices((s) => ({ ...s, [floor]: drawSlice(points) })))
      .catch(() => {
        if (!abort.signal.aborted) setSlices((s) => ({ ...s, [floor]: null }));
      });
    return () => abort.abort();
  }, [missionId, floor, known]);
  return slices[floor] ?? null;
}
