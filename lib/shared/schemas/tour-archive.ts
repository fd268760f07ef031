import { z } from 'zod';
import { tourManifestSchema, tourNameSchema, type TourManifest } from './tour';

/*
 * The self-contained tour archive (GET /tours/{id}/export, POST /missions/{id}/tours/import):
 * `manifest.json` says what the archive holds; the offline viewer reads the same data from
 * `tour-data.js` (a script, because a page opened from disk may not fetch JSON).
 */

export const TOUR_ARCHIVE_FORMAT = 'argus-tour';
export const TOUR_ARCHIVE_VERSION = 1;

/** Files an archive may hold besides the panoramas' own (`panoramas/<id>/<file>`). */
export const TOUR_ARCHIVE_FILES = ['index.html', 'manifest.json', 'tour-data.js', 'viewer/viewer.js', 'viewer/viewer.css'] as const;
/** Folders an unpacked-and-zipped-again archive may list as entries of their own. */
export const TOUR_ARCHIVE_FOLDERS = /^(viewer|panoramas|panoramas\/\d{1,15})\/$/;
/** A panorama's preview or tile inside the archive. */
export const TOUR_ARCHIVE_PANORAMA_FILE = /^panoramas\/(\d{1,15})\/(preview|\d{1,2}_\d{1,3}_\d{1,3})\.jpg$/;

/**
 * A panorama's preview and lowest level as data URLs in a script (`window.ARGUS_TOUR_DISK[id]`):
 * what the viewer shows when the page is opened from disk, where Chromium neither fetches files
 * nor lets WebGL use images from file:// (data URLs it allows). Made by every export, so an
 * import accepts it and ignores it.
 */
export const TOUR_ARCHIVE_DISK_SCRIPT = /^panoramas\/(\d{1,15})\/disk\.js$/;
export const diskScriptPath = (nodeId: number) => `panoramas/${nodeId}/disk.js`;

export interface DiskPanorama {
  preview: string;
  /** Tiles of level 0 by file name (`0_row_col.jpg`). */
  tiles: Record<string, string>;
}

export const panoramaFilePath = (nodeId: number, file: string) => `panoramas/${nodeId}/${file}`;

// What a generation can produce (tiles.ts): 512-px tiles, levels up to 8192 wide. An archive
// describing more is not ours, and bounds what an import may be asked to store.
export const ARCHIVE_TILE_SIZE = 512;
const MAX_LEVEL_WIDTH = 16384;
const MAX_NODES = 500;

const manifestWithBounds = tourManifestSchema.superRefine((m: TourManifest, ctx) => {
  if (m.tileSize !== ARCHIVE_TILE_SIZE) ctx.addIssue({ code: 'custom', path: ['tileSize'], message: 'validation.invalid' });
  if (m.nodes.length === 0 || m.nodes.length > MAX_NODES) ctx.addIssue({ code: 'custom', path: ['nodes'], message: 'validation.invalid' });
  const ids = new Set(m.nodes.map((n) => n.id));
  if (ids.size !== m.nodes.length) ctx.addIssue({ code: 'custom', path: ['nodes'], message: 'validation.duplicate' });
  for (const [i, node] of m.nodes.entries()) {
    if (node.levels.length === 0 || node.levels.length > 6) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'levels'], message: 'validation.invalid' });
    for (const [j, level] of node.levels.entries()) {
      const fits = level.width > 0 && level.width <= MAX_LEVEL_WIDTH && level.cols * m.tileSize === level.width && level.rows * 2 === level.cols;
      if (!fits) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'levels', j], message: 'validation.invalid' });
    }
    for (const [j, link] of node.links.entries()) {
      if (!ids.has(link.to) || link.to === node.id) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'links', j, 'to'], message: 'validation.invalid' });
    }
    if (!m.floors.includes(node.floor)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'floor'], message: 'validation.invalid' });
  }
});

/** `manifest.json` of a tour archive. */
export const tourArchiveManifestSchema = z.strictObject({
  format: z.literal(TOUR_ARCHIVE_FORMAT),
  version: z.literal(TOUR_ARCHIVE_VERSION),
  name: tourNameSchema,
  exportedAt: z.string().max(40),
  tour: manifestWithBounds,
});
export type TourArchiveManifest = z.output<typeof tourArchiveManifestSchema>;

/** Every file a node of the manifest needs: its preview and each level's tiles. */
export function nodeFiles(node: Pick<TourManifest['nodes'][number], 'levels'>): string[] {
  const files = ['preview.jpg'];
  for (const [level, { rows, cols }] of node.levels.entries()) {
    for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) files.push(`${level}_${row}_${col}.jpg`);
  }
  return files;
}
