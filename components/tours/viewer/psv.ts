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
  /** Links saved by hand: the arrows change without reloading the panorama. */
  setLinks(manifest: TourManifest): void;
  destroy(): void;
}

/** A measurement or annotation drawn in a panorama, its label already in words. */
export interface EngineMarker {
  id: number;
  kind: string;
  yaw: number;
  pitch: number;
  label: string;
  text: string | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const markerConfig = (m: EngineMarker) => ({
  id: `measurement-${m.id}`,
  position: { yaw: m.yaw, pitch: m.pitch },
  html: `<span class="argus-tour-marker argus-tour-marker-${m.kind === 'annotation' ? 'annotation' : 'measurement'}" data-measurement="${m.id}"></span>`,
  size: { width: 18, height: 18 },
  anchor: 'center center',
  // Names and notes are people's text: escaped, never markup.
  tooltip: { content: escapeHtml(m.text ? `${m.label}: ${m.text}` : m.label), position: 'top center' },
});

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
}

const linksOf = (n: TourManifest['nodes'][number]): VirtualTourNode['links'] =>
  n.links.map((l) => ({ nodeId: String(l.to), position: { yaw: l.yaw, pitch: l.stairs ? -0.15 : 0 }, data: { stairs: l.stairs } }));

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
    links: linksOf(n),
    markers: (o.markers[String(n.id)] ?? []).map(markerConfig),
  }));
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
      VirtualTourPlugin.withConfig({ positionMode: 'manual', renderMode: '3d', nodes, startNodeId: String(o.start.imageId), showLinkTooltip: true }),
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
