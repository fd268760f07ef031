'use client';

import { Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { GalleryPlugin } from '@photo-sphere-viewer/gallery-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { VirtualTourPlugin, type VirtualTourNode } from '@photo-sphere-viewer/virtual-tour-plugin';
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/gallery-plugin/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import '@photo-sphere-viewer/virtual-tour-plugin/index.css';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import type { TourView } from './tour-view-state';

/*
 * Photo Sphere Viewer with our tiles, links and gallery. This module (and three) is loaded only
 * after the page painted (tour-viewer.tsx imports it dynamically), keeping the route's first
 * load small.
 */

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

export interface TourEngine {
  goTo(imageId: number): void;
  recenter(): void;
  toggleGallery(): void;
  setUiVisible(visible: boolean): void;
  destroy(): void;
}

export interface EngineOptions {
  container: HTMLElement;
  manifest: TourManifest;
  /** `…/panoramas`: where preview and tiles of each panorama are read. */
  filesBase: string;
  start: TourView & { imageId: number };
  /** Panorama changed, camera moved, or the first panorama was drawn. */
  onView(view: TourView): void;
  onReady(): void;
  /** The accessible name of a link arrow to the named image ("Go to Hof"). */
  linkLabel(name: string): string;
}

// A ring with a chevron, as the plugin's own arrow; a button of ours so it can carry a name.
const ARROW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true"><circle cx="50" cy="50" r="41" fill="none" stroke="currentColor" stroke-width="7"/><path d="M30 58 50 38 70 58" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export function createTourEngine(o: EngineOptions): TourEngine {
  const nodes: VirtualTourNode[] = o.manifest.nodes.map((n) => ({
    id: String(n.id),
    name: n.name,
    caption: n.name,
    thumbnail: `${o.filesBase}/${n.id}/preview.jpg`,
    panorama: {
      baseUrl: `${o.filesBase}/${n.id}/preview.jpg`,
      levels: n.levels,
      tileUrl: (col: number, row: number, level: number) => `${o.filesBase}/${n.id}/${level}_${row}_${col}.jpg`,
    },
    links: n.links.map((l) => ({ nodeId: String(l.to), position: { yaw: l.yaw, pitch: l.stairs ? -0.15 : 0 }, data: { stairs: l.stairs } })),
  }));
  const names = new Map(o.manifest.nodes.map((n) => [String(n.id), n.name]));
  const arrow = (link: { nodeId: string }) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'psv-virtual-tour-arrow';
    button.innerHTML = ARROW_SVG;
    button.setAttribute('aria-label', o.linkLabel(names.get(link.nodeId) ?? link.nodeId));
    return button;
  };
  const viewer = new Viewer({
    container: o.container,
    adapter: EquirectangularTilesAdapter,
    defaultYaw: rad(o.start.yaw),
    defaultPitch: rad(o.start.pitch),
    defaultZoomLvl: o.start.zoom,
    navbar: ['zoom', 'move', 'caption'],
    plugins: [
      MarkersPlugin,
      GalleryPlugin.withConfig({ visibleOnLoad: false, hideOnClick: true }),
      VirtualTourPlugin.withConfig({ positionMode: 'manual', renderMode: '3d', nodes, startNodeId: String(o.start.imageId), showLinkTooltip: true,
        arrowStyle: { element: arrow, size: { width: 80, height: 80 } } }),
    ],
  });
  const tour = viewer.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
  const gallery = viewer.getPlugin<GalleryPlugin>(GalleryPlugin);
  const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
  let ready = false;
  const report = () => {
    const position = viewer.getPosition();
    const node = tour.getCurrentNode();
    o.onView({ imageId: node ? Number(node.id) : null, yaw: deg(position.yaw), pitch: deg(position.pitch), zoom: viewer.getZoomLevel() });
  };
  viewer.addEventListener('panorama-loaded', () => {
    report();
    if (!ready) {
      ready = true;
      o.onReady();
    }
  });
  viewer.addEventListener('position-updated', report);
  viewer.addEventListener('zoom-updated', report);
  tour.addEventListener('node-changed', report);

  return {
    goTo: (imageId) => void tour.setCurrentNode(String(imageId)),
    recenter: () => void viewer.animate({ yaw: 0, pitch: 0, zoom: 50, speed: '2rpm' }),
    toggleGallery: () => gallery.toggle(),
    setUiVisible: (visible) => {
      o.container.classList.toggle('argus-tour-ui-hidden', !visible);
      if (visible) markers.showAllMarkers();
      else markers.hideAllMarkers();
    },
    destroy: () => viewer.destroy(),
  };
}
