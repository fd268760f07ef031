import 'server-only';
import type { MeasurementDto, MeasurementExportFormat } from '@/lib/shared/schemas/measurement';
import { measurementsCsv } from './csv';
import { measurementsDxf } from './dxf';
import { measurementsGeoJson } from './geojson';
import type { ExportCrs } from './items';


const TYPES: Record<MeasurementExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  dxf: 'image/vnd.dxf',
};

/** The file of the items in a format: its bytes and media type. */
export function measurementsFile(format: MeasurementExportFormat, items: readonly MeasurementDto[], crs: ExportCrs): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const text = format === 'csv' ? measurementsCsv(items, crs) : format === 'geojson' ? measurementsGeoJson(items, crs) : measurementsDxf(items, crs);
  const body = typeof text === 'string' ? new TextEncoder().encode(text) : new Uint8Array(text);
  return { body: body as Uint8Array<ArrayBuffer>, contentType: TYPES[format] };
}
