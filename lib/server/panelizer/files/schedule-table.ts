import 'server-only';
import { CATALOGUES } from '@/lib/server/i18n/catalogues';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerResults, PanelizerTotals } from '@/lib/shared/panelizer/results';
import type { Locale } from '@/lib/shared/locale';
import type { ExportCell, ExportTable } from '../../missions/export-files';

/*
 * The facade schedule as one table, in the reader's language: a row per elevation (facade, floor,
 * wall), each facade closed by its total, then the building's total and the balconies'. The CSV,
 * the XLSX and the PDF all print this table.
 */

export type ExportTexts = (typeof CATALOGUES)['en']['panelizer']['exports'];
export const exportTexts = (locale: Locale): ExportTexts => CATALOGUES[locale].panelizer.exports;

const COLUMNS = ['facade', 'floor', 'wall', 'length', 'height', 'gross', 'openingsArea', 'openings', 'windows', 'doors', 'net', 'revealLength'] as const;

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
/** Millimetres and square millimetres are the schedule's precision. */
export const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function facadeLabel(t: ExportTexts, facade: PanelizerResults['facades'][number]): string {
  const name = facade.index === 1 ? t.directions[facade.direction] : `${t.directions[facade.direction]} ${facade.index}`;
  return facade.kind === 'balcony' ? fill(t.balcony, { name }) : name;
}

export function floorLabel(t: ExportTexts, floor: { name: string | null; index: number }): string {
  return floor.name ?? fill(t.floorNumber, { n: floor.index + 1 });
}

/** "Outline 1, wall 3": where the elevation's edge sits in its floor's plan. */
function wallLabel(t: ExportTexts, doc: PanelizerDocument, e: PanelizerResults['elevations'][number]): string {
  const plan = doc.plans.find((p) => p.id === doc.floors.find((f) => f.id === e.floorId)?.planId);
  const outline = plan?.outlines.findIndex((o) => o.id === e.outlineId) ?? -1;
  const edge = plan?.outlines[outline]?.points.findIndex((v) => v.id === e.edgeId) ?? -1;
  return fill(t.wallNumber, { outline: outline + 1, n: edge + 1 });
}

const measures = (r: PanelizerTotals & { length?: number; height?: number }): ExportCell[] => [
  r.length === undefined ? null : round3(r.length), r.height === undefined ? null : round3(r.height),
  round3(r.gross), round3(r.openingsArea), r.openingsCount, r.windows, r.doors, round3(r.net), round3(r.revealLength),
];

export function scheduleTable(doc: PanelizerDocument, results: PanelizerResults, locale: Locale): ExportTable {
  const t = exportTexts(locale);
  const floors = new Map(results.floors.map((f) => [f.id, f]));
  const rows: ExportCell[][] = [];
  for (const facade of results.facades) {
    const label = facadeLabel(t, facade);
    const own = results.elevations.filter((e) => e.facadeId === facade.id).sort((a, b) => a.floorIndex - b.floorIndex);
    for (const e of own) rows.push([label, floorLabel(t, floors.get(e.floorId) ?? { name: null, index: e.floorIndex }), wallLabel(t, doc, e), ...measures(e)]);
    rows.push([label, t.facadeTotal, null, ...measures(facade)]);
  }
  rows.push([t.totalBuilding, null, null, ...measures(results.totals)]);
  if (results.balconies.gross > 0) rows.push([t.totalBalconies, null, null, ...measures(results.balconies)]);
  return { header: COLUMNS.map((c) => t.columns[c]), rows };
}
