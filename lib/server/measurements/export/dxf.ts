import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import type { Coordinates } from '@/lib/shared/viewer/volumes';
import { UNIT_SYMBOLS } from '@/lib/shared/viewer/units';
import { boxOf, boxRings, noteOf, type ExportCrs } from './items';

/** One layer per kind, so CAD users switch them on and off; R12 names are upper-case ASCII. */
const LAYERS: Record<MeasurementDto['kind'], string> = {
  distance: 'ARGUS_DISTANCE',
  height: 'ARGUS_HEIGHT',
  area: 'ARGUS_AREA',
  annotation: 'ARGUS_ANNOTATION',
  slice: 'ARGUS_SLICE',
  'clip-box': 'ARGUS_CLIP_BOX',
};
const COLOURS: Record<MeasurementDto['kind'], number> = { distance: 2, height: 3, area: 4, annotation: 1, slice: 30, 'clip-box': 5 };

/** DXF R12 is ASCII: other characters as \U+ and four hex digits, e.g. \U+00E4 for ä (what AutoCAD writes); line breaks as spaces. */
export function dxfText(text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => (c.codePointAt(0)! < 0x20 || c.codePointAt(0)! > 0x7e ? `\\U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : c)).join('');
}

/** DXF R12 group-code pairs; the panelizer's drawings use it too. */
export class Writer {
  private readonly lines: string[] = [];
  pair(code: number, value: string | number) {
    this.lines.push(String(code), typeof value === 'number' ? num(value) : value);
  }
  point(base: 10 | 11, p: Coordinates | readonly number[]) {
    this.pair(base, p[0]!);
    this.pair(base + 10, p[1]!);
    this.pair(base + 20, p[2]!);
  }
  line(layer: string, a: readonly number[], b: readonly number[]) {
    this.pair(0, 'LINE');
    this.pair(8, layer);
    this.point(10, a);
    this.point(11, b);
  }
  /** A 3D polyline (flag 8), closed with flag 1. */
  polyline(layer: string, points: readonly (readonly number[])[], closed: boolean) {
    this.pair(0, 'POLYLINE');
    this.pair(8, layer);
    this.pair(66, 1);
    this.point(10, [0, 0, 0]);
    this.pair(70, 8 + (closed ? 1 : 0));
    for (const p of points) {
      this.pair(0, 'VERTEX');
      this.pair(8, layer);
      this.point(10, p);
      this.pair(70, 32);
    }
    this.pair(0, 'SEQEND');
    this.pair(8, layer);
  }
  text(layer: string, at: readonly number[], height: number, value: string) {
    this.pair(0, 'TEXT');
    this.pair(8, layer);
    this.point(10, at);
    this.pair(40, height);
    this.pair(1, dxfText(value));
  }
  toString() {
    return `${this.lines.join('\r\n')}\r\n`;
  }
}

/** A measurement's name and what it measures, to the millimetre: "Traufe 13.000 m". */
function labelOf(item: MeasurementDto, unit: { length: string; area: string }): string {
  const m = item.measures;
  const value = item.kind === 'area' ? m.area : item.kind === 'height' ? m.height : m.total;
  if (value === undefined) return item.name;
  return `${item.name} ${value.toFixed(3)} ${item.kind === 'area' ? unit.area : unit.length}`;
}

// Enough digits for a millimetre on projected coordinates, none of JavaScript's exponent notation.
const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(6).replace(/0+$/, '').replace(/\.$/, ''));

/**
 * The items as an AutoCAD R12 ASCII DXF in the cloud's coordinates and unit: two-point items as
 * LINEs, polylines and outlines as 3D POLYLINEs (closed for areas), slices and clip boxes as their
 * boxes' edges, annotations as TEXT at their point; each measurement is labelled with its name.
 */
export function measurementsDxf(items: readonly MeasurementDto[], crs: ExportCrs): string {
  const label = (item: MeasurementDto) => labelOf(item, UNIT_SYMBOLS[crs.units]);
  const w = new Writer();
  // Text is a fixed size in drawing units: about 20 cm.
  const textHeight = crs.units === 'm' ? 0.2 : 0.65;
  w.pair(999, dxfText(`Argus measurements; unit ${crs.units}${crs.epsg ? `; EPSG:${crs.epsg}` : ''}`));
  w.pair(0, 'SECTION');
  w.pair(2, 'HEADER');
  w.pair(9, '$ACADVER');
  w.pair(1, 'AC1009');
  // $MEASUREMENT 1 is metric; feet drawings are imperial.
  w.pair(9, '$MEASUREMENT');
  w.pair(70, crs.units === 'm' ? 1 : 0);
  w.pair(0, 'ENDSEC');
  w.pair(0, 'SECTION');
  w.pair(2, 'TABLES');
  w.pair(0, 'TABLE');
  w.pair(2, 'LAYER');
  w.pair(70, Object.keys(LAYERS).length);
  for (const [kind, layer] of Object.entries(LAYERS) as [MeasurementDto['kind'], string][]) {
    w.pair(0, 'LAYER');
    w.pair(2, layer);
    w.pair(70, 0);
    w.pair(62, COLOURS[kind]);
    w.pair(6, 'CONTINUOUS');
  }
  w.pair(0, 'ENDTAB');
  w.pair(0, 'ENDSEC');
  w.pair(0, 'SECTION');
  w.pair(2, 'ENTITIES');
  for (const item of items) {
    const layer = LAYERS[item.kind];
    const box = boxOf(item);
    const note = noteOf(item);
    if (box) {
      const { bottom, top } = boxRings(box);
      w.polyline(layer, bottom, true);
      w.polyline(layer, top, true);
      bottom.forEach((p, i) => w.line(layer, p, top[i]!));
      w.text(layer, top[0]!, textHeight, item.name);
    } else if (note && item.points[0]) {
      w.text(layer, item.points[0], textHeight, note.text ? `${note.title}: ${note.text}` : note.title);
    } else if (item.points.length === 2 && item.kind !== 'area') {
      w.line(layer, item.points[0]!, item.points[1]!);
      w.text(layer, item.points[0]!, textHeight, label(item));
    } else if (item.points.length >= 2) {
      w.polyline(layer, item.points, item.kind === 'area');
      w.text(layer, item.points[0]!, textHeight, label(item));
    }
  }
  w.pair(0, 'ENDSEC');
  w.pair(0, 'EOF');
  return w.toString();
}
