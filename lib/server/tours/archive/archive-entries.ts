import 'server-only';
import { nodeFiles, panoramaFilePath, type TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';
import type { Storage } from '../../storage/types';
import type { ZipSource } from './zip-stream';
import type { ViewerBundle } from './viewer-bundle';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The archive's page: the viewer and the tour's data as classic scripts, so it also opens from disk. */
export function indexHtml(archive: TourArchiveManifest): string {
  return `<!doctype html>
<html>
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

/** The manifest as a script: `fetch('manifest.json')` is refused on file://, a script is not. */
export const tourDataJs = (archive: TourArchiveManifest) => `window.ARGUS_TOUR = ${JSON.stringify(archive).replace(/</g, '\\u003c')};\n`;

async function* stored(storage: Storage, key: string): AsyncIterable<Uint8Array> {
  const { body } = await storage.get(key);
  for await (const chunk of body as AsyncIterable<Buffer>) yield chunk;
}

/** Every file of the archive in order: page, viewer, data, then each panorama's preview and tiles. */
export function* archiveEntries(archive: TourArchiveManifest, viewer: ViewerBundle, storage: Storage, outputPrefix: string): Generator<ZipSource> {
  const text = (name: string, content: string | Buffer): ZipSource => ({ name, compress: true, data: () => [typeof content === 'string' ? Buffer.from(content) : content] });
  yield text('index.html', indexHtml(archive));
  yield text('viewer/viewer.css', viewer.css);
  yield text('viewer/viewer.js', viewer.js);
  yield text('tour-data.js', tourDataJs(archive));
  yield text('manifest.json', `${JSON.stringify(archive, null, 2)}\n`);
  for (const node of archive.tour.nodes) {
    for (const file of nodeFiles(node)) {
      yield { name: panoramaFilePath(node.id, file), compress: false, data: () => stored(storage, `${outputPrefix}${node.id}/${file}`) };
    }
  }
}
