import { readSheet } from 'read-excel-file/node';
import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import type { DomainContext } from '@/lib/server/domain/context';
import { missionsExport } from '@/lib/server/worker-handlers';
import type { JobQueue } from '@/lib/server/jobs/queue';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { runMissionExport, type MissionExportResult } from '@/lib/server/missions/export-files';
import { getMissionExport, missionExportFile, startMissionExportFromJson } from '@/lib/server/missions/export-missions';
import { hideMission } from '@/lib/server/missions/hide-mission';
import { listMissionsFromJson } from '@/lib/server/missions/list-missions';
import type { MissionExportDto, StartMissionExportInput } from '@/lib/shared/api/endpoints/mission-exports';
import type { Locale } from '@/lib/shared/locale';
import { jobRow, startHarness, waitFor, type Harness } from '../jobs/harness';
import { buildWorld, missionInput, outcome, type TestDb, type World } from '../missions/fixtures';
import { readAll } from '../storage/helpers';
import { createDomainContext } from '@/lib/server/domain/contexts';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await startHarness([missionsExport]);
  // The app's enqueueJob goes through the process-wide queue; point it at this test's database.
  (globalThis as { __argusJobQueue?: JobQueue }).__argusJobQueue = h.queue;
  const t: TestDb = { db: h.db, pool: h.pool, system: createDomainContext({ db: h.db, actor: SYSTEM_ACTOR, storage: h.storage }), close: h.close };
  w = await buildWorld(t);
}, 60_000);
afterAll(async () => {
  delete (globalThis as { __argusJobQueue?: JobQueue }).__argusJobQueue;
  await h?.close();
});

/** Starts an export as the user, waits for the worker, returns the final state and the file. */
async function exportAs(ctx: DomainContext, input: StartMissionExportInput, locale: Locale = 'en'): Promise<{ state: MissionExportDto; file: Buffer }> {
  const started = await startMissionExportFromJson(ctx, { ...input, locale });
  expect(started.state).toBe('queued');
  await waitFor(() => jobRow(h.db, started.id), (row) => row.state === 'succeeded' || row.state === 'failed');
  const state = await getMissionExport(ctx, started.id);
  expect(state).toMatchObject({ state: 'succeeded', error: null, downloadUrl: `/api/v2/mission-exports/${started.id}/file` });
  const stored = await missionExportFile(ctx, started.id);
  return { state, file: await readAll((await h.storage.get(stored.key)).body) };
}

/** A small RFC 4180 reader, to check the writer against the standard rather than against itself. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error('the file does not end with CRLF');
  return rows;
}

const HEADER_EN = ['ID', 'Name', 'Priority', 'Assignee', 'Created', 'Scan Appointment', 'Step'];

describe('mission export (project list "Export All")', () => {
  it('exports exactly the missions the requesting customer sees in the list, as CSV with BOM and the spec columns', async () => {
    const customer = w.ctx('customer');
    const { state, file } = await exportAs(customer, { format: 'csv', filters: { sort: 'id', order: 'asc' } });
    const text = file.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(HEADER_EN);
    const listed = (await listMissionsFromJson(customer, { sort: 'id', order: 'asc', limit: 200 })).items.map((i) => String(i.id));
    expect(rows.map((r) => r[0])).toEqual(listed);
    expect(listed).toEqual(expect.arrayContaining([String(w.m.nord.id), String(w.m.rheinShared.id)]));
    for (const foreign of [w.m.rheinForeign, w.m.rheinAssigned, w.m.partner, w.m.provider]) expect(listed).not.toContain(String(foreign.id));
    expect(state.rows).toBe(listed.length);
  });

  it('applies the filter and the sort of the list, and leaves hidden missions out unless asked', async () => {
    const admin = w.ctx('admin');
    await hideMission(admin, { id: w.m.rheinForeign.id });
    const filters = { q: 'rheinland', sort: 'name', order: 'asc' } as const;
    const { file } = await exportAs(admin, { format: 'csv', filters });
    const names = parseCsv(file.toString('utf8').slice(1)).slice(1).map((r) => r[1]);
    expect(names).toEqual((await listMissionsFromJson(admin, { ...filters, limit: 200 })).items.map((i) => i.name));
    expect(names).toEqual(['Rheinland geteilt', 'Rheinland Scan']);

    const withHidden = await exportAs(admin, { format: 'csv', filters: { ...filters, includeHidden: true } });
    expect(parseCsv(withHidden.file.toString('utf8').slice(1)).slice(1).map((r) => r[1])).toEqual(['Rheinland geteilt', 'Rheinland intern', 'Rheinland Scan']);
  });

  it('quotes per RFC 4180 and neutralises cells a spreadsheet would run as formulas', async () => {
    const admin = w.ctx('admin');
    const names = ['Quote "Nord", Halle 3', 'Zeile eins\nZeile zwei', '=HYPERLINK("http://evil")', '+49 Scan', '-1 Keller', '@SUM(A1)'];
    for (const name of names) await createMissionFromJson(w.ctx('admin'), missionInput(w.companies.nord.id, { name: `${name}`, internalReference: 'CSV-TEST', priority: 'high' }));
    const { file } = await exportAs(admin, { format: 'csv', filters: { q: 'csv-test', sort: 'id', order: 'asc' } });
    const text = file.toString('utf8');
    expect(text).toContain('"Quote ""Nord"", Halle 3"');
    expect(text).toContain('"Zeile eins\nZeile zwei"');
    const cells = parseCsv(text.slice(1)).slice(1).map((r) => r[1]);
    expect(cells).toEqual(['Quote "Nord", Halle 3', 'Zeile eins\nZeile zwei', `'=HYPERLINK("http://evil")`, "'+49 Scan", "'-1 Keller", "'@SUM(A1)"]);
    expect(parseCsv(text.slice(1))[1]![2]).toBe('High');
  });

  it('writes an XLSX that opens: German headers, typed cells, dates as the screen shows them', async () => {
    const admin = w.ctx('admin');
    const scan = '2026-06-03T08:30:00Z'; // 10:30 in Berlin (summer time)
    const m = await createMissionFromJson(admin, missionInput(w.companies.nord.id, { name: 'Tabelle Umlaute äöü', internalReference: 'XLSX-TEST', scanAppointment: scan, assigneeId: w.ids.operator }));
    const { file, state } = await exportAs(admin, { format: 'xlsx', filters: { q: 'xlsx-test' } }, 'de');
    expect(state.fileName).toMatch(/^missions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readSheet(file);
    expect(sheet[0]).toEqual(['ID', 'Name', 'Priorität', 'Zuständig', 'Erstellt', 'Scantermin', 'Schritt']);
    expect(sheet).toHaveLength(2);
    const [id, name, priority, assignee, created, scanAt, step] = sheet[1]!;
    expect([id, name, priority, assignee, step]).toEqual([m.id, 'Tabelle Umlaute äöü', 'Normal', 'Oliver Operator', 'Anlegen']);
    expect(created).toBeInstanceOf(Date);
    expect((scanAt as unknown as Date).toISOString()).toBe('2026-06-03T10:30:00.000Z');
  });

  it('is refused without allow.exportData, and nobody else can read or download someone\'s export', async () => {
    expect(await outcome(() => startMissionExportFromJson(w.ctx('operator'), { format: 'csv', locale: 'en' }))).toBe('not_authorized');
    expect(await outcome(() => startMissionExportFromJson(w.ctx('external'), { format: 'csv', locale: 'en' }))).toBe('not_authorized');
    expect(await outcome(() => startMissionExportFromJson(w.ctx('customer'), { format: 'csv', locale: 'en', filters: { assigneeId: ['not-a-uuid'] } }))).toBe('validation');

    const { state } = await exportAs(w.ctx('customer'), { format: 'csv' });
    for (const other of ['customer2', 'admin'] as const) {
      expect(await outcome(() => getMissionExport(w.ctx(other), state.id))).toBe('not_found');
      expect(await outcome(() => missionExportFile(w.ctx(other), state.id))).toBe('not_found');
    }
  });

  it('re-reads the requester\'s company when it runs, and fails for good when the requester is gone', async () => {
    const ctx = { db: h.db, storage: h.storage, jobId: '00000000-0000-4000-8000-000000000001' };
    const requestedBy = { identityId: w.ids.customer2, roles: ['customer'], customerNumber: 7 };
    const result: MissionExportResult = await runMissionExport(ctx, { format: 'csv', filters: { sort: 'id', order: 'asc' }, locale: 'en', requestedBy });
    const listed = (await listMissionsFromJson(w.ctx('customer2'), { sort: 'id', order: 'asc', limit: 200 })).items.length;
    expect(result.rows).toBe(listed);
    await expect(
      runMissionExport(ctx, { format: 'csv', filters: {}, locale: 'en', requestedBy: { ...requestedBy, identityId: '00000000-0000-4000-8000-0000000000ff' } }),
    ).rejects.toMatchObject({ name: 'PermanentJobError' });
  });
});
