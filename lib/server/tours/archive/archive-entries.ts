import 'server-only';
import { CATALOGUES } from '@/lib/server/i18n/catalogues';
import type { Locale } from '@/lib/shared/locale';
import { diskScriptPath, nodeFiles, panoramaFilePath, type DiskPanorama, type TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';
import { panoramaLang } from '@/lib/shared/tours/panorama-lang';
import type { Storage } from '../../storage/types';
import type { ZipSource } from './zip-stream';
import type { ViewerBundle } from './viewer-bundle';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The archive's page: the viewer and the tour's data as classic scripts, so it also opens from disk. */
export function indexHtml(archive: TourArchiveManifest, locale: Locale): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(archive.name)}</title>
<link rel="stylesheet" href="viewer/viewer.css">
<style>html, body, #tour { margin: 0; width: 100%; height: 100%; background: #000; }</style>
</head>
<body>
<div id="tour"></div>
<script src="tour-data.js"></script>
<script src="viewer/viewer.js"></script>
</body>
</html>
`;
}

const script = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The manifest as a script: `fetch('manifest.json')` is refused on file://, a script is not. With
 * it the viewer's own texts in the language the tour was exported in (`window.ARGUS_TOUR_LANG`).
 */
export const tourDataJs = (archive: TourArchiveManifest, locale: Locale) =>
  `window.ARGUS_TOUR = ${script(archive)};\nwindow.ARGUS_TOUR_LANG = ${script(panoramaLang((key) => CATALOGUES[locale].tours.viewer.panorama[key]))};\n`;

async function* stored(storage: Storage, key: string): AsyncIterable<Uint8Array> {
  const { body } = await storage.get(key);
  for await (const chunk of body as AsyncIterable<Buffer>) yield chunk;
}

async function storedBytes(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stored(storage, key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The preview and level 0 of a panorama as data URLs in a script (a few hundred kB at most). */
async function* diskScript(storage: Storage, prefix: string, node: TourArchiveManifest['tour']['nodes'][number]): AsyncIterable<Uint8Array> {
  const dataUrl = async (file: string) => `data:image/jpeg;base64,${(await storedBytes(storage, `${prefix}${node.id}/${file}`)).toString('base64')}`;
  const disk: DiskPanorama = { preview: await dataUrl('preview.jpg'), tiles: {} };
  for (const file of nodeFiles({ levels: node.levels.slice(0, 1) }).slice(1)) disk.tiles[file] = await dataUrl(file);
  yield Buffer.from(`(window.ARGUS_TOUR_DISK = window.ARGUS_TOUR_DISK || {})[${node.id}] = ${JSON.stringify(disk)};\n`);
}

/** Every file of the archive in order: page, viewer, data, then each panorama's preview and tiles. */
export function* archiveEntries(archive: TourArchiveManifest, viewer: ViewerBundle, storage: Storage, outputPrefix: string, locale: Locale): Generator<ZipSource> {
  const text = (name: string, content: string | Buffer): ZipSource => ({ name, compress: true, data: () => [typeof content === 'string' ? Buffer.from(content) : content] });
  yield text('index.html', indexHtml(archive, locale));
  yield text('viewer/viewer.css', viewer.css);
  yield text('viewer/viewer.js', viewer.js);
  yield text('tour-data.js', tourDataJs(archive, locale));
  yield text('manifest.json', `${JSON.stringify(archive, null, 2)}\n`);
  for (const node of archive.tour.nodes) {
    for (const file of nodeFiles(node)) {
      yield { name: panoramaFilePath(node.id, file), compress: false, data: () => stored(storage, `${outputPrefix}${node.id}/${file}`) };
    }
    yield { name: diskScriptPath(node.id), compress: true, data: () => diskScript(storage, outputPrefix, node) };
  }
}
