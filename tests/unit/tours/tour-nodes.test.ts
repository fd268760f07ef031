import { tourNode } from '@/components/tours/viewer/tour-nodes';
import type { TourManifest } from '@/lib/shared/schemas/tour';

type Node = TourManifest['nodes'][number];

describe('tourNode', () => {
  const hostile = '<img src=x onerror=alert(1)> "Flur" & Treppe';
  const node = { id: 7, name: hostile, links: [], levels: [] } as unknown as Node;

  it("escapes the panorama's name where Photo Sphere Viewer renders it as markup (caption, gallery, link tooltips)", () => {
    const built = tourNode(node, '/api/v2/tours/3/panoramas');
    for (const text of [built.name, built.caption]) {
      expect(text).not.toContain('<img');
      expect(text).toBe('&#60;img src=x onerror=alert(1)&#62; &#34;Flur&#34; &#38; Treppe');
    }
    expect(built.thumbnail).toBe('/api/v2/tours/3/panoramas/7/preview.jpg');
  });

  it("escapes a marker's label and note", () => {
    const built = tourNode(node, '/files', [{ id: 1, kind: 'annotation', yaw: 0, pitch: 0, label: '<b>Riss</b>', text: '<script>x</script>' }]);
    const tooltip = (built.markers![0] as { tooltip: { content: string } }).tooltip.content;
    expect(tooltip).toBe('&#60;b&#62;Riss&#60;/b&#62;: &#60;script&#62;x&#60;/script&#62;');
  });
});
