import 'server-only';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerResults, PanelizerTotals } from '@/lib/shared/panelizer/results';
import { APP_TIME_ZONE, type Locale } from '@/lib/shared/locale';
import { formatDate } from '@/lib/shared/format/date';
import { A4, PdfDocument, textWidth } from './pdf-writer';
import { exportTexts, facadeLabel, floorLabel, scheduleTable } from './schedule-table';

/*
 * The export's PDF report: the project, the export's number and date, the totals (gross,
 * openings, net, count, reveals), per facade and per floor, then the full schedule per elevation.
 */

const MARGIN = 40;
const SIZE = 8;
const ROW = 12;

export interface ReportHead {
  projectName: string;
  number: number;
  missionName: string;
  createdAt: Date;
}

export function panelizerPdf(doc: PanelizerDocument, results: PanelizerResults, head: ReportHead, locale: Locale): Buffer {
  const t = exportTexts(locale);
  const area = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const metres = area;
  const pdf = new PdfDocument();
  let y = A4.height - MARGIN;
  const need = (h: number) => {
    if (y - h < MARGIN) {
      pdf.addPage();
      y = A4.height - MARGIN;
    }
  };

  /** A table: the first `textColumns` left-aligned, the rest numbers aligned right. */
  const table = (header: string[], rows: (string | number | null)[][], widths: number[], textColumns: number) => {
    const x = widths.reduce<number[]>((acc, w, i) => [...acc, (acc[i - 1] ?? MARGIN) + (i === 0 ? 0 : widths[i - 1]!)], []);
    const row = (cells: (string | number | null)[], bold: boolean) => {
      need(ROW);
      // Headers a size smaller: "Öffnungsfläche (m²)" must fit a number's column.
      const size = bold ? SIZE - 1.5 : SIZE;
      cells.forEach((cell, i) => {
        // Cells come formatted; counts are plain integers.
        const text = cell === null ? '' : String(cell);
        const left = i < textColumns ? x[i]! : x[i]! + widths[i]! - 4 - textWidth(text, size, bold);
        pdf.text(left, y, text, size, bold);
      });
      y -= ROW;
    };
    row(header, true);
    pdf.line(MARGIN, y + ROW - 3, A4.width - MARGIN, y + ROW - 3);
    for (const r of rows) row(r, false);
    y -= ROW / 2;
  };
  const heading = (text: string) => {
    need(3 * ROW);
    y -= ROW / 2;
    pdf.text(MARGIN, y, text, 12, true);
    y -= ROW * 1.5;
  };
  const totals = (r: PanelizerTotals) => [area.format(r.gross), area.format(r.openingsArea), r.openingsCount, area.format(r.net), metres.format(r.revealLength)];
  const c = t.columns;
  const totalsHeader = [c.gross, c.openingsArea, c.openings, c.net, c.revealLength];

  pdf.text(MARGIN, y, t.title, 16, true);
  y -= ROW * 2;
  for (const [label, value] of [
    [t.report.project, head.projectName],
    [t.report.export, `#${head.number}`],
    [t.report.mission, head.missionName],
    [t.report.created, formatDate(head.createdAt, locale, { timeZone: APP_TIME_ZONE })],
  ] as const) {
    pdf.text(MARGIN, y, `${label}:`, 10, true);
    pdf.text(MARGIN + 90, y, value, 10);
    y -= ROW * 1.3;
  }

  heading(t.report.totals);
  const totalRows = [[t.totalBuilding, ...totals(results.totals)]];
  if (results.balconies.gross > 0) totalRows.push([t.totalBalconies, ...totals(results.balconies)]);
  table(['', ...totalsHeader], totalRows, [115, 80, 85, 70, 80, 85], 1);
  if (results.elevations.length === 0) {
    pdf.text(MARGIN, y, t.report.none, 10);
    return pdf.toBuffer();
  }

  heading(t.report.facades);
  table([c.facade, ...totalsHeader], results.facades.map((f) => [facadeLabel(t, f), ...totals(f)]), [115, 80, 85, 70, 80, 85], 1);
  heading(t.report.floors);
  table([c.floor, c.height, ...totalsHeader], results.floors.map((f) => [floorLabel(t, f), metres.format(f.height), ...totals(f)]), [95, 60, 75, 75, 55, 75, 80], 1);

  heading(t.report.elevations);
  const schedule = scheduleTable(doc, results, locale);
  // Facade, floor, wall, gross, openings area, count, net, reveals: the columns that fit portrait A4.
  const pick = [0, 1, 2, 5, 6, 7, 10, 11];
  table(pick.map((i) => schedule.header[i]!), schedule.rows.map((r) => pick.map((i) => (typeof r[i] === 'number' && i !== 7 ? metres.format(r[i]) : (r[i] as string | number | null)))), [70, 50, 85, 62, 72, 45, 62, 67], 3);
  return pdf.toBuffer();
}
