import type { VirtualTourNode } from '@photo-sphere-viewer/virtual-tour-plugin';
import type { TourManifest } from '@/lib/shared/schemas/tour';

/*
 * The tour's panoramas as Photo Sphere Viewer's virtual tour takes them. PSV renders names,
 * captions and tooltips as markup, so everything people typed is escaped here.
 */

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

export const linksOf = (n: TourManifest['nodes'][number]): VirtualTourNode['links'] =>
  n.links.map((l) => ({ nodeId: String(l.to), position: { yaw: l.yaw, pitch: l.stairs ? -0.15 : 0 }, data: { stairs: l.stairs } }));

/** One panorama as Photo Sphere Viewer's virtual tour takes it. */
export function tourNode(n: TourManifest['nodes'][number], filesBase: string, markers: EngineMarker[] = []): VirtualTourNode {
  return {
    id: String(n.id),
    // Photo Sphere Viewer renders name and caption as markup (caption bar, gallery, link tooltips): people's text is escaped.
    name: escapeHtml(n.name),
    caption: escapeHtml(n.name),
    thumbnail: `${filesBase}/${n.id}/preview.jpg`,
    panorama: {
      baseUrl: `${filesBase}/${n.id}/preview.jpg`,
      levels: n.levels,
      tileUrl: (col: number, row: number, level: number) => `${filesBase}/${n.id}/${level}_${row}_${col}.jpg`,
    },
    links: linksOf(n),
    markers: markers.map(markerConfig),
  };
}
