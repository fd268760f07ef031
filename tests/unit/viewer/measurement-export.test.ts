/**
 * @jest-environment node
 */
import { measurementsCsv } from '@/lib/server/measurements/export/csv';
import { dxfText, measurementsDxf } from '@/lib/server/measurements/export/dxf';
import { measurementsGeoJson } from '@/lib/server/measurements/export/geojson';
import { measurementsFile } from '@/lib/server/measurements/export';
import { measuresOf } from '@/lib/shared/measurements/maths';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';

// Issue 16 "exportable as CSV and GeoJSON/DXF": the writers, in the cloud's coordinates and unit.
const E = 691_234.5;
const N = 5_334_567.25;
let nextId = 1;
function item(kind: MeasurementDto['kind'], name: string, points: [number, number, number][], data: Record<string, unknown> = {}): MeasurementDto {
  return {
    id: nextId++,
    missionId: 7,
    kind,
    name,
    visible: true,
    points,
    data,
    measures: measuresOf(kind, points),
    createdBy: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    version: 1,
  };
}

const distance = item('distance', 'Traufe Nord', [[E, N, 300], [E + 3, N + 4, 300], [E + 3, N + 4, 312]]);
const height = item('height', 'Firsthöhe', [[E, N, 300], [E + 1, N, 310.5]]);
const area = item('area', '=Dachfläche', [[E, N, 300], [E + 4, N, 300], [E + 4, N + 3, 300], [E, N + 3, 300]]);
const note = item('annotation', 'Riss', [[E + 2, N + 2, 305]], { title: 'Riss', text: 'Über dem Fenster\nbreiter als 2 mm', camera: { position: [E, N, 320], target: [E + 2, N + 2, 305] } });
const slice = item('slice', 'Schnitt A', [], { centre: [E + 10, N + 5, 305], size: [20, 0.3, 12], rotation: Math.PI / 2, width: 0.3, axis: 'vertical' });
const box = item('clip-box', 'Dach', [], { centre: [E + 10, N + 5, 310], size: [20, 10, 4], rotation: 0, show: 'clipped' });
const all = [distance, height, area, note, slice, box];
const crs = { epsg: 25832, units: 'm' as const };

describe('CSV', () => {
  const rows = measurementsCsv(all, crs).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  const cells = (line: string) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ''));

  it('writes one row per point with the measures on the item\'s first row, in the cloud\'s CRS and unit', () => {
    expect(cells(rows[0]!).slice(0, 12)).toEqual(['item_id', 'kind', 'name', 'visible', 'point', 'x', 'y', 'z', 'unit', 'crs', 'length', 'height']);
    const first = cells(rows[1]!);
    expect(first.slice(1, 11)).toEqual(['distance', 'Traufe Nord', 'yes', '1', String(E), String(N), '300', 'm', 'EPSG:25832', '17']);
    expect(cells(rows[3]!).slice(4, 11)).toEqual(['3', String(E + 3), String(N + 4), '312', 'm', 'EPSG:25832', '']);
    expect(rows.filter((r) => cells(r)[1] === 'distance')).toHaveLength(3);
  });

  it('keeps a spreadsheet from running a name as a formula and quotes line breaks', () => {
    expect(rows.some((r) => r.includes(",'=Dachfläche,"))).toBe(true);
    expect(rows.find((r) => cells(r)[1] === 'annotation')).toContain('"Über dem Fenster\nbreiter als 2 mm"');
  });

  it('writes a slice or clip box as its centre with its box', () => {
    const sliceRow = cells(rows.find((r) => cells(r)[1] === 'slice')!);
    expect(sliceRow.slice(5, 8)).toEqual([String(E + 10), String(N + 5), '305']);
    expect(sliceRow.slice(15, 19)).toEqual(['20', '0.3', '12', '90']);
    expect(cells(rows.find((r) => cells(r)[1] === 'clip-box')!)[19]).toBe('clipped');
  });
});

describe('GeoJSON', () => {
  const doc = JSON.parse(measurementsGeoJson(all, crs)) as {
    type: string;
    crs?: { type: string; properties: { name: string } };
    features: { id: number; geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[];
  };
  const feature = (name: string) => doc.features.find((f) => f.properties.name === name)!;

  it('names the cloud\'s CRS and keeps projected 3D coordinates', () => {
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.crs).toEqual({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::25832' } });
    expect(feature('Traufe Nord').geometry).toEqual({ type: 'LineString', coordinates: distance.points });
    expect(feature('Traufe Nord').properties).toMatchObject({ kind: 'distance', unit: 'm', total: 17, segments: [5, 12] });
  });

  it('writes areas as closed polygons, annotations as points, boxes as their footprints', () => {
    const ring = (feature('=Dachfläche').geometry.coordinates as number[][][])[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    expect(feature('=Dachfläche').properties.area).toBeCloseTo(12, 9);
    expect(feature('Riss')).toMatchObject({ geometry: { type: 'Point', coordinates: [E + 2, N + 2, 305] }, properties: { title: 'Riss', text: 'Über dem Fenster\nbreiter als 2 mm' } });
    const footprint = (feature('Schnitt A').geometry.coordinates as number[][][])[0]!;
    // Turned a quarter: 20 long along north, 0.3 thick along east, at the slab's bottom.
    const xs = footprint.map((p) => p[0]!);
    const ys = footprint.map((p) => p[1]!);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(0.3, 9);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(20, 9);
    expect(footprint.every((p) => p[2] === 299)).toBe(true);
  });

  it('leaves the CRS member out when no EPSG code is known', () => {
    expect(JSON.parse(measurementsGeoJson([distance], { epsg: null, units: 'us-ft' }))).not.toHaveProperty('crs');
    expect(JSON.parse(measurementsGeoJson([distance], { epsg: null, units: 'us-ft' })).features[0].properties.unit).toBe('us-ft');
  });
});

describe('DXF R12', () => {
  const dxf = measurementsDxf(all, crs);
  const pairs = (() => {
    const lines = dxf.split('\r\n');
    const out: [number, string][] = [];
    for (let i = 0; i + 1 < lines.length; i += 2) out.push([Number(lines[i]!.trim()), lines[i + 1]!]);
    return out;
  })();
  const entities = (() => {
    const start = pairs.findIndex(([c, v], i) => c === 2 && v === 'ENTITIES' && pairs[i - 1]?.[1] === 'SECTION');
    const list: { type: string; codes: [number, string][] }[] = [];
    for (const [code, value] of pairs.slice(start + 1)) {
      if (code === 0) {
        if (value === 'ENDSEC') break;
        list.push({ type: value, codes: [] });
      } else list.at(-1)!.codes.push([code, value]);
    }
    return list;
  })();
  const value = (e: { codes: [number, string][] }, code: number) => e.codes.find(([c]) => c === code)?.[1];

  it('is an R12 ASCII file: version AC1009, sections, layers per kind, EOF', () => {
    expect(pairs.find(([c, v]) => c === 9 && v === '$ACADVER')).toBeDefined();
    expect(dxf).toContain('$ACADVER\r\n  1\r\nAC1009'.replace('  1', '1'));
    expect(pairs.filter(([c, v]) => c === 0 && v === 'LAYER').map((_, i) => i)).toHaveLength(6);
    expect(pairs.at(-1)).toEqual([0, 'EOF']);
    expect(/^[\x20-\x7e\r\n]*$/.test(dxf)).toBe(true);
  });

  it('writes a height as a LINE, a polyline and an outline as 3D POLYLINEs (closed for areas)', () => {
    const line = entities.find((e) => e.type === 'LINE' && value(e, 8) === 'ARGUS_HEIGHT')!;
    expect([10, 20, 30, 11, 21, 31].map((c) => Number(value(line, c)))).toEqual([E, N, 300, E + 1, N, 310.5]);
    const polylines = entities.filter((e) => e.type === 'POLYLINE');
    expect(polylines.find((e) => value(e, 8) === 'ARGUS_DISTANCE') && value(polylines.find((e) => value(e, 8) === 'ARGUS_DISTANCE')!, 70)).toBe('8');
    expect(value(polylines.find((e) => value(e, 8) === 'ARGUS_AREA')!, 70)).toBe('9');
    const vertices = entities.filter((e) => e.type === 'VERTEX' && value(e, 8) === 'ARGUS_DISTANCE');
    expect(vertices.map((v) => [10, 20, 30].map((c) => Number(value(v, c))))).toEqual(distance.points);
    expect(vertices.every((v) => value(v, 70) === '32')).toBe(true);
    expect(entities.filter((e) => e.type === 'SEQEND').length).toBe(polylines.length);
  });

  it('writes annotations and labels as TEXT, non-ASCII as \\U+ escapes', () => {
    const texts = entities.filter((e) => e.type === 'TEXT').map((e) => value(e, 1));
    expect(texts).toContain('Riss: \\U+00DCber dem Fenster breiter als 2 mm');
    expect(texts).toContain('Traufe Nord 17.000 m');
    expect(texts).toContain('Firsth\\U+00F6he 10.500 m');
    expect(dxfText('Maß ✓')).toBe('Ma\\U+00DF \\U+2713');
  });

  it('draws a slice or clip box as its box: two closed rings and four edges', () => {
    const slicePolys = entities.filter((e) => e.type === 'POLYLINE' && value(e, 8) === 'ARGUS_SLICE');
    expect(slicePolys).toHaveLength(2);
    expect(entities.filter((e) => e.type === 'LINE' && value(e, 8) === 'ARGUS_CLIP_BOX')).toHaveLength(4);
  });
});

describe('the files', () => {
  it('answers each format with its media type', () => {
    expect(measurementsFile('csv', all, crs).contentType).toBe('text/csv; charset=utf-8');
    expect(measurementsFile('geojson', all, crs).contentType).toBe('application/geo+json');
    expect(measurementsFile('dxf', all, crs).contentType).toBe('image/vnd.dxf');
  });
});
