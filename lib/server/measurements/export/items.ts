import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import { boxCorners, slabSize, type Coordinates, type Size3 } from '@/lib/shared/viewer/volumes';

/** The cloud's coordinate system as its metadata.json names it: an EPSG code when known, the length unit. */
export interface ExportCrs {
  epsg: number | null;
  units: LengthUnit;
}

/** A slice's or clip box's box, as the viewer clips it. */
export interface ExportBox {
  centre: Coordinates;
  size: Size3;
  rotation: number;
}

/** The box of a slice or clip box (a slice's thin side is its width); null for the other kinds. */
export function boxOf(item: MeasurementDto): ExportBox | null {
  if (item.kind !== 'slice' && item.kind !== 'clip-box') return null;
  const d = item.data as { centre?: Coordinates; size?: Size3; rotation?: number; width?: number; axis?: 'vertical' | 'horizontal' };
  if (!d.centre || !d.size || typeof d.rotation !== 'number') return null;
  const size = item.kind === 'slice' && typeof d.width === 'number' ? slabSize({ size: d.size, width: d.width, axis: d.axis ?? 'vertical' }) : d.size;
  return { centre: d.centre, size, rotation: d.rotation };
}

/** The box's bottom and top rings (four corners each, counter-clockwise from its local -x,-y corner). */
export function boxRings(box: ExportBox): { bottom: Coordinates[]; top: Coordinates[] } {
  // boxCorners orders x, then y, then z: index = 4·ix + 2·iy + iz.
  const c = boxCorners(box.centre, box.size, box.rotation).map((p) => [...p] as Coordinates);
  const ring = (z: 0 | 1) => [c[0 + z]!, c[4 + z]!, c[6 + z]!, c[2 + z]!];
  return { bottom: ring(0), top: ring(1) };
}

/** An annotation's title and text. */
export function noteOf(item: MeasurementDto): { title: string; text: string } | null {
  if (item.kind !== 'annotation') return null;
  return { title: typeof item.data.title === 'string' ? item.data.title : item.name, text: typeof item.data.text === 'string' ? item.data.text : '' };
}
