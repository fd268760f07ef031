import { metresPerDegree, type PolygonGeometry } from '@/lib/shared/geo';

/**
 * A building footprint laid out for paper: the GeoJSON polygon projected to local metres
 * (east/north offsets around its centre, on the WGS84 ellipsoid's radii at that latitude — exact
 * to well under a millimetre over building sizes), then scaled uniformly into a drawing box with
 * north up, plus a scale bar of a round length. One scale for both axes, so proportions are true.
 */
export interface FootprintDrawing {
  width: number;
  height: number;
  /** Drawing units per metre. */
  scale: number;
  /** SVG path data: one closed subpath per ring (outline, then holes; draw with fill-rule evenodd). */
  path: string;
  /** The footprint's extent in metres. */
  extent: { east: number; north: number };
  scaleBar: { metres: number; length: number; x: number; y: number };
}

export interface DrawingBox {
  width: number;
  height: number;
  /** Free space around the shape, in drawing units. */
  margin: number;
  /** Height kept free below the shape for the scale bar. */
  scaleBarSpace: number;
}

export const DEFAULT_BOX: DrawingBox = { width: 300, height: 220, margin: 12, scaleBarSpace: 28 };

/** [east, north] in metres around the centre of the footprint's bounding box. */
export function projectLocal(polygon: PolygonGeometry): [number, number][][] {
  const all = polygon.coordinates.flat();
  if (all.length === 0) return [];
  const lons = all.map((p) => p[0]);
  const lats = all.map((p) => p[1]);
  const lon0 = (Math.min(...lons) + Math.max(...lons)) / 2;
  const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
  const m = metresPerDegree(lat0);
  return polygon.coordinates.map((ring) => ring.map(([lon, lat]) => [(lon - lon0) * m.lon, (lat - lat0) * m.lat] as [number, number]));
}

/** The largest 1, 2 or 5 × 10ⁿ metres not longer than `max` metres. */
export function roundLength(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [5, 2, 1].map((f) => f * power).find((v) => v <= max) ?? power;
}

const fmt = (v: number) => String(Math.round(v * 100) / 100);

export function footprintDrawing(polygon: PolygonGeometry, box: DrawingBox = DEFAULT_BOX): FootprintDrawing | null {
  const rings = projectLocal(polygon).filter((r) => r.length >= 3);
  const points = rings.flat();
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const east = maxX - minX;
  const north = maxY - minY;
  const innerW = box.width - 2 * box.margin;
  const innerH = box.height - 2 * box.margin - box.scaleBarSpace;
  // A degenerate (zero-width) shape still gets a finite scale from its other side.
  const scale = Math.min(east > 0 ? innerW / east : Infinity, north > 0 ? innerH / north : Infinity);
  if (!Number.isFinite(scale)) return null;
  const offsetX = box.margin + (innerW - east * scale) / 2;
  const offsetY = box.margin + (innerH - north * scale) / 2;
  // SVG's y axis points down: north is up on paper.
  const toSvg = ([x, y]: [number, number]) => `${fmt(offsetX + (x - minX) * scale)} ${fmt(offsetY + (maxY - y) * scale)}`;
  const path = rings.map((ring) => `M ${ring.map(toSvg).join(' L ')} Z`).join(' ');
  const metres = roundLength((innerW * 0.4) / scale);
  return {
    width: box.width,
    height: box.height,
    scale,
    path,
    extent: { east, north },
    scaleBar: { metres, length: metres * scale, x: box.margin, y: box.height - box.margin - 6 },
  };
}
