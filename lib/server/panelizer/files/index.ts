import 'server-only';
import writeXlsxFile from 'write-excel-file/node';
import type { Locale } from '@/lib/shared/locale';
import type { PanelizerFileFormat } from '@/lib/shared/schemas/panelizer';
import { toCsv } from '../../missions/export-files';
import type { PanelizerExportRow } from '../panelizer-access';
import { panelizerDxf } from './dxf';
import { panelizerPdf, type ReportHead } from './pdf-report';
import { scheduleTable } from './schedule-table';

export interface PanelizerFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<PanelizerFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  dxf: 'image/vnd.dxf',
  pdf: 'application/pdf',
};

/** The project's name, letters and digits only (contentDisposition adds the ASCII fallback). */
export const fileBase = (row: Pick<PanelizerExportRow, 'name' | 'number'>) =>
  `${row.name.normalize('NFC').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'panelizer'}-export-${row.number}`;

/** One of the export's files, written from its frozen document and results (nothing stored twice). */
export async function panelizerExportFile(row: PanelizerExportRow, format: PanelizerFileFormat, locale: Locale, head: Omit<ReportHead, 'projectName' | 'number' | 'createdAt'>): Promise<PanelizerFile> {
  const table = () => scheduleTable(row.document, row.results, locale);
  let body: Buffer;
  switch (format) {
    case 'csv':
      body = toCsv(table());
      break;
    case 'xlsx': {
      const { header, rows } = table();
      const cells = [header.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows.map((r) => r.map((value) => (value === null || value instanceof Date ? null : { value })))];
      body = await writeXlsxFile(cells, { sheet: 'Facades', columns: header.map((_, i) => ({ width: i < 3 ? 24 : 16 })) }).toBuffer();
      break;
    }
    case 'dxf':
      body = Buffer.from(panelizerDxf(row.document, row.results, locale), 'utf8');
      break;
    case 'pdf':
      body = panelizerPdf(row.document, row.results, { ...head, projectName: row.name, number: row.number, createdAt: row.createdAt }, locale);
      break;
  }
  return { body, contentType: CONTENT_TYPES[format], filename: `${fileBase(row)}.${format}` };
}
