/*
 * Panelizer words the mission detail needs at first load, free of zod (about 28 kB); the schemas
 * are in lib/shared/schemas/panelizer.ts, which re-exports these.
 */

export const PANELIZER_FILE_FORMATS = ['csv', 'xlsx', 'dxf', 'pdf'] as const;
export type PanelizerFileFormat = (typeof PANELIZER_FILE_FORMATS)[number];
