/*
 * The viewer inside an exported tour archive (index.html + tour-data.js + this bundle): no
 * server, no fetch of JSON (a page opened from disk may not), tiles read relatively from
 * `panoramas/<id>/`. lib/server/tours/archive/viewer-bundle.ts bundles it with Photo Sphere
 * Viewer and three into one classic script; Next never imports it.
 */
import { Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { GalleryPlugin } from '@photo-sphere-viewer/gallery-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { VirtualTourPlugin, type VirtualTourNode } from '@photo-sphere-viewer/virtual-tour-plugin';
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/gallery-plugin/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import '@photo-sphere-viewer/virtual-tour-plugin/index.css';
import type { DiskPanorama, TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';

declare global {
  interface Window {
    ARGUS_TOUR?: TourArchiveManifest;
    ARGUS_TOUR_DISK?: Record<string, DiskPanorama>;
    /** Photo Sphere Viewer's texts in the language the tour was exported in (older archives: none, so English). */
    ARGUS_TOUR_LANG?: Record<string, string>;
  }
}

/** Photo Sphere Viewer puts names into captions, tooltips and the gallery as HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A classic script next to the page: the one kind of file a page opened from disk may load. */
const loadScript = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });

type Source = (node: TourArchiveManifest['tour']['nodes'][number]) => Pick<VirtualTourNode, 'thumbnail' | 'panorama'>;

/** On a host: the files themselves, every level. */
const hosted: Source = (n) => ({
  thumbnail: `panoramas/${n.id}/preview.jpg`,
  panorama: {
    baseUrl: `panoramas/${n.id}/preview.jpg`,
    levels: n.levels,
    tileUrl: (col: number, row: number, level: number) => `panoramas/${n.id}/${level}_${row}_${col}.jpg`,
  },
});

/**
 * From disk (file://) Chromium neither fetches files nor lets WebGL use their images, so each
 * panorama's preview and lowest level come as data URLs from its `disk.js` (lower resolution
 * than on a host, but the whole tour walks).
 */
async function fromDisk(archive: TourArchiveManifest): Promise<Source> {
  await Promise.all(archive.tour.nodes.map((n) => loadScript(`panoramas/${n.id}/disk.js`)));
  const disk = window.ARGUS_TOUR_DISK ?? {};
  return (n) => {
    const own = disk[String(n.id)]!;
    return {
      thumbnail: own.preview,
      panorama: { baseUrl: own.preview, levels: n.levels.slice(0, 1), tileUrl: (col: number, row: number) => own.tiles[`0_${row}_${col}.jpg`] ?? own.preview },
    };
  };
}

function start(archive: TourArchiveManifest, container: HTMLElement, source: Source) {
  const { tour } = archive;
  const nodes: VirtualTourNode[] = tour.nodes.map((n) => ({
    id: String(n.id),
    name: escapeHtml(n.name),
    caption: escapeHtml(n.name),
    ...source(n),
    links: n.links.map((l) => ({ nodeId: String(l.to), position: { yaw: l.yaw, pitch: l.stairs ? -0.15 : 0 }, data: { stairs: l.stairs } })),
  }));
  const viewer = new Viewer({
    container,
    adapter: EquirectangularTilesAdapter,
    lang: window.ARGUS_TOUR_LANG,
    navbar: ['zoom', 'move', 'gallery', 'caption', 'fullscreen'],
    plugins: [
      MarkersPlugin,
      GalleryPlugin.withConfig({ visibleOnLoad: false, hideOnClick: true }),
      VirtualTourPlugin.withConfig({ positionMode: 'manual', renderMode: '3d', nodes, startNodeId: String(tour.nodes[0]!.id), showLinkTooltip: true }),
    ],
  });
  // Tests and embedding pages wait for this: the first panorama is drawn.
  viewer.addEventListener('panorama-loaded', () => document.documentElement.setAttribute('data-tour-ready', 'true'), { once: true });
}

const archive = window.ARGUS_TOUR;
const container = document.getElementById('tour');
if (archive && container && archive.tour.nodes.length > 0) {
  if (location.protocol === 'file:') void fromDisk(archive).then((source) => start(archive, container, source));
  else start(archive, container, hosted);
}
