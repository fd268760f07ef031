import { readSheet } from 'read-excel-file/node';
import type { PanelizerExportDto, PanelizerProjectDto } from '@/lib/shared/schemas/panelizer';
import { demoPanelizerDocument } from '@/scripts/seed/demo-panelizer-document';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';
import { readDxf } from './dxf-reader';
import { convertedDataset } from './panelizer-world';

/*
 * Issue 19 point 6: an export's files parse, and say what the schedule says: the demo building's
 * 864 m² gross, 97 openings and 699.5 m² net (4 storeys, 96 windows 1.2 × 1.4 m, a door 1.4 × 2.3 m).
 */

let app: AppWorld;
let route: typeof import('@/app/api/v2/panelizer-exports/[id]/files/[format]/route');
let exported: PanelizerExportDto;

beforeAll(async () => {
  app = await openAppWorld('panelizer-files');
  const projects = await import('@/app/api/v2/missions/[id]/panelizer-projects/route');
  const project = await import('@/app/api/v2/panelizer-projects/[id]/route');
  const exports = await import('@/app/api/v2/panelizer-projects/[id]/exports/route');
  route = await import('@/app/api/v2/panelizer-exports/[id]/files/[format]/route');
  const missionId = app.w.m.rheinShared.id;
  await convertedDataset(app, missionId, [0, 0, 0]);
  const created = (await (await callAs(projects.POST, 'admin', 'POST', '/x', { params: { id: String(missionId) }, json: { name: 'Fassade Bürohaus' } })).json()) as PanelizerProjectDto;
  const p = { params: { id: created.id } };
  expect((await callAs(project.PUT, 'admin', 'PUT', '/x', { ...p, json: { version: 1, document: demoPanelizerDocument() } })).status).toBe(200);
  exported = (await (await callAs(exports.POST, 'admin', 'POST', '/x', p)).json()) as PanelizerExportDto;
}, 120_000);
afterAll(() => app?.close());

const file = (role: Role, format: string, language = 'en') =>
  callAs(route.GET, role, 'GET', `/api/v2/panelizer-exports/${exported.id}/files/${format}`, { params: { id: exported.id, format }, headers: { 'accept-language': language } });

async function bytes(role: Role, format: string, language = 'en'): Promise<Buffer> {
  const res = await file(role, format, language);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** RFC 4180 lines: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  return text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('panelizer export files', () => {
  it('CSV: a row per elevation, facade totals and the building’s total', async () => {
    const res = await file('admin', 'csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toBe('Fassade-Bürohaus-export-1.csv');
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['Facade', 'Floor', 'Wall', 'Length (m)', 'Storey height (m)', 'Gross area (m²)', 'Openings area (m²)', 'Openings', 'Windows', 'Doors', 'Net area (m²)', 'Reveal length (m)']);
    // 4 facades × 4 floors, 4 facade totals, the total.
    expect(rows).toHaveLength(1 + 16 + 4 + 1);
    expect(rows[rows.length - 1]).toEqual(['Total building', '', '', '', '', '864', '164.5', '97', '96', '1', '699.5', '505.2']);
    const southGround = rows.find((r) => r[0] === 'South' && r[1] === 'EG')!;
    expect(southGround[2]).toBe('Outline 1, wall 1');
    expect(southGround.slice(3)).toEqual(['24', '3', '72', String(8 * 1.68 + 3.22), '9', '8', '1', String(72 - 8 * 1.68 - 3.22), String(8 * 5.2 + 6)].map((v) => String(Math.round(Number(v) * 1000) / 1000)));
  });

  it('XLSX: the same table in German, typed numbers', async () => {
    const sheet = await readSheet(await bytes('admin', 'xlsx', 'de-DE,de;q=0.9'));
    expect(sheet[0]![0]).toBe('Fassade');
    expect(sheet[0]![10]).toBe('Nettofläche (m²)');
    expect(sheet[sheet.length - 1]).toEqual(['Summe Gebäude', null, null, null, null, 864, 164.5, 97, 96, 1, 699.5, 505.2]);
    expect(sheet.some((r) => r[0] === 'Süd' && r[1] === 'EG')).toBe(true);
  });

  it('DXF: floor plans on a layer per floor, elevations with their windows and doors', async () => {
    const { layers, entities } = readDxf((await bytes('admin', 'dxf')).toString('utf8'));
    expect(layers).toEqual(expect.arrayContaining(['PLAN_01', 'PLAN_02', 'PLAN_03', 'PLAN_04', 'ELEVATION_SOUTH', 'ELEVATION_EAST', 'ELEVATION_NORTH', 'ELEVATION_WEST', 'WINDOWS', 'DOORS']));
    const plan3 = entities.filter((e) => e.layer === 'PLAN_03' && e.type === 'POLYLINE');
    expect(plan3).toHaveLength(1);
    expect(plan3[0]!.vertices).toEqual([[0, 0, 6], [24, 0, 6], [24, 12, 6], [0, 12, 6]]);
    expect(entities.filter((e) => e.layer === 'ELEVATION_SOUTH' && e.type === 'POLYLINE')).toHaveLength(4);
    expect(entities.filter((e) => e.layer === 'WINDOWS')).toHaveLength(96);
    const doors = entities.filter((e) => e.layer === 'DOORS');
    expect(doors).toHaveLength(1);
    const xs = doors[0]!.vertices.map((v) => v[0]);
    const zs = doors[0]!.vertices.map((v) => v[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(1.4, 9);
    expect(Math.max(...zs) - Math.min(...zs)).toBeCloseTo(2.3, 9);
    expect(entities.find((e) => e.layer === 'ELEVATION_SOUTH' && e.type === 'TEXT')?.text).toBe('South');
  });

  it('PDF: a PDF with the totals', async () => {
    const pdf = await bytes('admin', 'pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain('(Facade schedule)');
    expect(text).toContain('(Total building)');
    expect(text).toContain('(864.00)');
    expect(text).toContain('(699.50)');
    expect(text).toContain('(164.50)');
    expect(text).toContain('(97)');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const german = (await bytes('admin', 'pdf', 'de')).toString('latin1');
    expect(german).toContain('(Summe Geb\\344ude)');
    expect(german).toContain('(699,50)');
  });

  it('are refused to readers until published; an unknown format is a validation error', async () => {
    expect((await file('customer', 'csv')).status).toBe(404);
    expect((await file('admin', 'svg')).status).toBe(400);
  });
});
