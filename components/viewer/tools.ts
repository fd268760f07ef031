import type { Point3 } from '@/lib/shared/measurements/maths';

/** The measuring tools that pick points (slices and clip boxes are placed, not picked). */
export const TOOLS = ['distance', 'height', 'area', 'annotation'] as const;
export type Tool = (typeof TOOLS)[number];

/** How many points each tool takes: a height is two, an annotation one; polylines and outlines more. */
export const POINTS: Record<Tool, { min: number; max: number }> = {
  distance: { min: 2, max: 1000 },
  height: { min: 2, max: 2 },
  area: { min: 3, max: 1000 },
  annotation: { min: 1, max: 1 },
};

/** The measurement being made: its tool and the points picked or typed so far (cloud coordinates). */
export interface Draft {
  tool: Tool;
  points: Point3[];
}

export const startDraft = (tool: Tool): Draft => ({ tool, points: [] });

/** Adds a point unless the tool has all it takes. */
export const addPoint = (draft: Draft, point: Point3): Draft =>
  draft.points.length >= POINTS[draft.tool].max ? draft : { ...draft, points: [...draft.points, point] };

/** Takes the last point back. */
export const dropPoint = (draft: Draft): Draft => ({ ...draft, points: draft.points.slice(0, -1) });

/** Enough points to save. */
export const canFinish = (draft: Draft) => draft.points.length >= POINTS[draft.tool].min;

/** All the points the tool takes: a height saves itself; an annotation asks for its text. */
export const isFull = (draft: Draft) => draft.points.length >= POINTS[draft.tool].max;
