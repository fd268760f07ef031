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
import type { TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';

declare global {
  interface Window {
    ARGUS_TOUR?: TourArchiveManifest;
  }
}

function start(archive: TourArchiveManifest, container: HTMLElement) {
  const { tour } = archive;
  const base = (id: number) => `panoramas/${id}`;
  const nodes: VirtualTourNode[] = tour.nodes.map((n) => ({
    id: String(n.id),
    name: n.name,
    caption: n.name,
    thumbnail: `${base(n.id)}/preview.jpg`,
    panorama: {
      baseUrl: `${base(n.id)}/preview.jpg`,
      levels: n.levels,
      tileUrl: (col: number, row: number, level: number) => `${base(n.id)}/${level}_${row}_${col}.jpg`,
    },
    links: n.links.map((l) => ({ nodeId: String(l.to), position: { yaw: l.yaw, pitch: l.stairs ? -0.15 : 0 }, data: { stairs: l.stairs } })),
  }));
  const viewer = new Viewer({
    container,
    adapter: EquirectangularTilesAdapter,
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
if (archive && container && archive.tour.nodes.length > 0) start(archive, container);
