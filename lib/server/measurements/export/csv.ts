import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { boxOf, noteOf, type ExportCrs } from './items';

type Cell = string | number | null;

/** Cells starting with these are run as formulas by spreadsheets (CSV injection); a leading apostrophe makes them text (as the mission export does). */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF line ends, quoted fields where needed; UTF-8 with a BOM so Excel reads umlauts right. */
const toCsv = (rows: Cell[][]) => Buffer.from(`\uFEFF${rows.map((row) => `${row.map(field).join(',')}\r\n`).join('')}`, 'utf8');

const HEADER = [
  'item_id', 'kind', 'name', 'visible', 'point', 'x', 'y', 'z', 'unit', 'crs',
  'length', 'height', 'horizontal', 'area', 'perimeter',
  'size_x', 'size_y', 'size_z', 'rotation_deg', 'show', 'title', 'text',
];

/**
 * The items as CSV (RFC 4180, UTF-8 with BOM, spreadsheet formulas defused): one row per point in
 * the cloud's coordinates, the item's measures on its first row; a slice or clip box is one row at
 * its centre with its box's size and turn; an annotation its point with its title and text.
 */
export function measurementsCsv(items: readonly MeasurementDto[], crs: ExportCrs): Buffer {
  const crsName = crs.epsg ? `EPSG:${crs.epsg}` : '';
  const rows: Cell[][] = [HEADER];
  for (const item of items) {
    const box = boxOf(item);
    const note = noteOf(item);
    const m = item.measures;
    const points = box ? [box.centre] : item.points;
    points.forEach((p, index) => {
      const first = index === 0;
      rows.push([
        item.id, item.kind, item.name, item.visible ? 'yes' : 'no', index + 1, p[0], p[1], p[2], crs.units, crsName,
        first ? (m.total ?? null) : null,
        first ? (m.height ?? null) : null,
        first ? (m.horizontal ?? null) : null,
        first ? (m.area ?? null) : null,
        first ? (m.perimeter ?? null) : null,
        box ? box.size[0] : null,
        box ? box.size[1] : null,
        box ? box.size[2] : null,
        box ? Math.round(((box.rotation * 180) / Math.PI) * 1e6) / 1e6 : null,
        item.kind === 'clip-box' && typeof item.data.show === 'string' ? item.data.show : null,
        note?.title ?? null,
        note?.text ?? null,
      ]);
    });
  }
  return toCsv(rows);
}
