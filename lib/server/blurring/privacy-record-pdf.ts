import 'server-only';
import { CATALOGUES } from '@/lib/server/i18n/catalogues';
import { APP_TIME_ZONE, type Locale } from '@/lib/shared/locale';
import { formatDate, type DateInput } from '@/lib/shared/format/date';
import type { PrivacyRecord } from '@/lib/shared/schemas/blurring';
import { A4, PdfDocument, textWidth } from '../panelizer/files/pdf-writer';

/*
 * The privacy record as a PDF (issue 18 §5), in the reader's language: the mission's blurring
 * (who blurred, who finished and when), then per image the detector and its version, who edited
 * and approved it and when, and a table of its regions with their origin and confidence. The
 * panelizer's small PDF writer makes it (text, searchable, no browser needed).
 */

const MARGIN = 40;
const ROW = 12;
const SIZE = 8;
const LABEL = 120;

/** The text cut with an ellipsis to fit `width` points (the writer does not wrap: a long file name would run off the page). */
export function fit(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, size, bold) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export interface PrivacyRecordHead {
  missionId: number;
  missionName: string;
  createdAt: Date;
}

export function privacyRecordPdf(record: PrivacyRecord, head: PrivacyRecordHead, locale: Locale): Buffer {
  const t = CATALOGUES[locale].blurring.record;
  const c = t.columns;
  const when = (value: DateInput) => formatDate(value, locale, { timeZone: APP_TIME_ZONE, notSet: t.notYet });
  const who = (name: string | null, id: string | null) => name ?? id ?? t.notYet;
  const pdf = new PdfDocument();
  let y = A4.height - MARGIN;
  const need = (h: number) => {
    if (y - h < MARGIN) {
      pdf.addPage();
      y = A4.height - MARGIN;
    }
  };
  const field = (label: string, value: string) => {
    need(ROW);
    pdf.text(MARGIN, y, `${label}:`, 9, true);
    pdf.text(MARGIN + LABEL, y, fit(value, A4.width - 2 * MARGIN - LABEL, 9), 9);
    y -= ROW * 1.2;
  };

  pdf.text(MARGIN, y, t.title, 16, true);
  y -= ROW * 2;
  const { blurring } = record;
  field(t.mission, `${head.missionName} (#${head.missionId})`);
  field(t.created, when(head.createdAt));
  field(c.blurredBy, who(blurring.blurredByName, blurring.blurredBy));
  field(t.state, blurring.finished ? `${c.finishedBy} ${who(blurring.finishedByName, blurring.finishedBy)}, ${when(blurring.finishedAt)}` : t.notFinished);
  if (record.images.length === 0) {
    y -= ROW;
    pdf.text(MARGIN, y, t.noImages, 10);
    return pdf.toBuffer();
  }

  // Region table: short id, shape, kind, origin, confidence, adjusted, drawn by.
  // Wide enough for every header and value in both languages (Helvetica widths); a name may be cut.
  const widths = [50, 60, 70, 90, 60, 90, 95];
  const header = [c.region, c.shape, c.regionKind, c.origin, c.confidence, c.adjusted, c.drawnBy];
  const row = (cells: string[], bold: boolean) => {
    need(ROW);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      pdf.text(x, y, fit(cell, widths[i]! - 4, bold ? SIZE - 0.5 : SIZE, bold), bold ? SIZE - 0.5 : SIZE, bold);
      x += widths[i]!;
    });
    y -= ROW;
  };
  const confidence = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (const { image, regions } of record.images) {
    need(ROW * 8);
    y -= ROW / 2;
    pdf.text(MARGIN, y, fit(`${image.filename} (${t.kinds[image.kind]}, #${image.id})`, A4.width - 2 * MARGIN, 11, true), 11, true);
    y -= ROW * 1.5;
    field(c.detector, image.detector ? `${image.detector} ${image.detectorVersion ?? ''}`.trim() : t.notYet);
    field(c.detectedAt, when(image.detectedAt));
    field(c.editedBy, image.editedAt ? `${who(image.editedByName, image.editedBy)}, ${when(image.editedAt)}` : t.notYet);
    field(c.approvedBy, image.approvedAt ? `${who(image.approvedByName, image.approvedBy)}, ${when(image.approvedAt)}` : t.notYet);
    if (regions.length === 0) {
      pdf.text(MARGIN, y, t.noRegions, SIZE);
      y -= ROW;
      continue;
    }
    row(header, true);
    pdf.line(MARGIN, y + ROW - 3, A4.width - MARGIN, y + ROW - 3);
    for (const r of regions) {
      row(
        [
          r.id.slice(0, 8),
          t.shapes[r.shape],
          t.regionKinds[r.kind],
          t.origins[r.source],
          r.confidence === null ? '' : confidence.format(r.confidence),
          r.adjusted ? t.yes : t.no,
          r.createdBy ? (record.names[r.createdBy] ?? r.createdBy) : '',
        ],
        false,
      );
    }
  }
  return pdf.toBuffer();
}
