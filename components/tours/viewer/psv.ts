'use client';

import { Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { GalleryPlugin } from '@photo-sphere-viewer/gallery-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { VirtualTourPlugin } from '@photo-sphere-viewer/virtual-tour-plugin';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { linksOf, tourNode, type EngineMarker } from './tour-nodes';
import type { TourView } from './tour-view-state';

/*
 * Photo Sphere Viewer with our tiles, links and gallery. This module (and three) is loaded only
 * after the page painted (tour-viewer.tsx imports it dynamically), keeping the route's first
 * load small. Its stylesheets are tour-viewer.tsx's: see there.
 */

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

export type { EngineMarker } from './tour-nodes';

export interface TourEngine {
  goTo(imageId: number): void;
  recenter(): void;
  toggleGallery(): void;
  setUiVisible(visible: boolean): void;
  /** Links saved by hand: the arrows change without reloading the panorama. */
  setLinks(manifest: TourManifest): void;
  destroy(): void;
}

export interface EngineOptions {
  container: HTMLElement;
  manifest: TourManifest;
  /** `…/panoramas`: where preview and tiles of each panorama are read. */
  filesBase: string;
  start: TourView & { imageId: number };
  /** Each panorama's markers (by image id): the 3D viewer's measurements and annotations. */
  markers: Record<string, EngineMarker[]>;
  /** Panorama changed, camera moved, or the first panorama was drawn. */
  onView(view: TourView): void;
  onReady(): void;
  /** The accessible name of a link arrow to the named image ("Go to Hof"). */
  linkLabel(name: string): string;
  /** PSV's own texts (navbar titles, loader, errors) in the user's language: lib/shared/tours/panorama-lang.ts. */
  lang: Record<string, string>;
}

// A ring with a chevron, as the plugin's own arrow; a button of ours so it can carry a name.
const ARROW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true"><circle cx="50" cy="50" r="41" fill="none" stroke="currentColor" stroke-width="7"/><path d="M30 58 50 38 70 58" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export function createTourEngine(o: EngineOptions): TourEngine {
  const nodes = o.manifest.nodes.map((n) => tourNode(n, o.filesBase, o.markers[String(n.id)]));
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
    lang: o.lang,
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
      // The first panorama is on screen with the next frame: the mark the tours bench measures to.
      requestAnimationFrame(() => performance.mark('tour:first-panorama'));
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
    setLinks: (manifest) => {
      for (const n of manifest.nodes) tour.updateNode({ id: String(n.id), links: linksOf(n) });
    },
    destroy: () => viewer.destroy(),
  };
}
