import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { boxOf, boxRings, noteOf, type ExportCrs } from './items';

type Geometry = { type: 'Point'; coordinates: number[] } | { type: 'LineString'; coordinates: number[][] } | { type: 'Polygon'; coordinates: number[][][] };

function geometryOf(item: MeasurementDto): Geometry | null {
  const box = boxOf(item);
  if (box) {
    // A slice or clip box as its footprint at its bottom; the height is in its properties.
    const { bottom } = boxRings(box);
    return { type: 'Polygon', coordinates: [[...bottom, bottom[0]!]] };
  }
  const points = item.points.map((p) => [...p]);
  if (item.kind === 'annotation' && points[0]) return { type: 'Point', coordinates: points[0] };
  if (item.kind === 'area' && points.length >= 3) return { type: 'Polygon', coordinates: [[...points, points[0]!]] };
  if (points.length >= 2) return { type: 'LineString', coordinates: points };
  return null;
}

/**
 * The items as a GeoJSON FeatureCollection in the cloud's own CRS (not WGS 84: the points are
 * projected coordinates), named the way GIS software reads it (the 2008 `crs` member with an
 * OGC URN; RFC 7946 dropped it but QGIS and GDAL still honour it), with the unit and measures as
 * properties. Without a known EPSG code the `crs` member is left out and `unit` still says the unit.
 */
export function measurementsGeoJson(items: readonly MeasurementDto[], crs: ExportCrs): string {
  const features = items.flatMap((item) => {
    const geometry = geometryOf(item);
    if (!geometry) return [];
    const box = boxOf(item);
    const note = noteOf(item);
    return [
      {
        type: 'Feature',
        id: item.id,
        geometry,
        properties: {
          kind: item.kind,
          name: item.name,
          visible: item.visible,
          unit: crs.units,
          ...item.measures,
          ...(note ?? {}),
          ...(box ? { centre: box.centre, size: box.size, rotation: box.rotation } : {}),
          ...(item.kind === 'clip-box' ? { show: item.data.show } : {}),
          ...(item.kind === 'slice' ? { width: item.data.width, axis: item.data.axis ?? 'vertical' } : {}),
          updatedAt: item.updatedAt,
        },
      },
    ];
  });
  const named = crs.epsg ? { crs: { type: 'name', properties: { name: `urn:ogc:def:crs:EPSG::${crs.epsg}` } } } : {};
  return `${JSON.stringify({ type: 'FeatureCollection', ...named, features }, null, 1)}\n`;
}
