import { z } from 'zod';

/**
 * The 3D viewer's settings (spec §2: background, eye-dome lighting with strength, high splat
 * quality, min node size, min point size, opacity, point budget, point size, point cloud theme),
 * each applied live and remembered per user in the browser. A stored value that no longer fits
 * (an older shape, a hand edit) falls back to its default alone, not the whole set.
 */
export const POINT_SIZINGS = ['fixed', 'attenuated', 'adaptive'] as const;
export const THEMES = ['rgb', 'elevation', 'intensity', 'classification', 'returnNumber'] as const;
export const BACKGROUNDS = ['gradient', 'black', 'white'] as const;

export const POINT_BUDGET = { min: 100_000, max: 10_000_000, step: 100_000, default: 1_000_000 } as const;

export const viewerSettingsSchema = z.object({
  pointBudget: z.number().int().min(POINT_BUDGET.min).max(POINT_BUDGET.max).catch(POINT_BUDGET.default),
  pointSize: z.number().min(0.1).max(10).catch(1),
  pointSizing: z.enum(POINT_SIZINGS).catch('adaptive'),
  /** Pixels: an octree node smaller than this on screen is not loaded. */
  minNodeSize: z.number().min(0).max(1000).catch(50),
  /** Pixels: the smallest a point is drawn. */
  minPointSize: z.number().min(0).max(10).catch(2),
  opacity: z.number().min(0).max(1).catch(1),
  theme: z.enum(THEMES).catch('rgb'),
  edl: z.boolean().catch(true),
  edlStrength: z.number().min(0).max(5).catch(0.4),
  edlRadius: z.number().min(1).max(4).catch(1.4),
  highQuality: z.boolean().catch(false),
  background: z.enum(BACKGROUNDS).catch('gradient'),
});
export type ViewerSettings = z.output<typeof viewerSettingsSchema>;

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = viewerSettingsSchema.parse({});

/** Reads stored settings: unknown keys dropped, each bad or missing value replaced by its default. */
export function parseViewerSettings(stored: unknown): ViewerSettings {
  return viewerSettingsSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

/** The browser storage key of one user's settings (no user-preferences table exists). */
export const viewerSettingsKey = (identityId: string) => `argus.viewer.settings.${identityId}`;
