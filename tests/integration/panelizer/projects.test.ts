import { PANELIZER_MAX_DOCUMENT_BYTES, type Opening, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerExportDto, PanelizerProjectDto, PanelizerProjectsDto } from '@/lib/shared/schemas/panelizer';
import { demoPanelizerDocument } from '@/scripts/seed/demo-panelizer-document';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';
import { convertedDataset } from './panelizer-world';

/*
 * Issue 19 "Projects and exports" against real PostgreSQL, storage and identity service: who may
 * do what, the autosave's version (409 with the current one), refused documents (422 naming the
 * field), numbered immutable exports, publishing to the customer and the partner, delete.
 */

let app: AppWorld;
let routes: {
  projects: typeof import('@/app/api/v2/missions/[id]/panelizer-projects/route');
  project: typeof import('@/app/api/v2/panelizer-projects/[id]/route');
  exports: typeof import('@/app/api/v2/panelizer-projects/[id]/exports/route');
  export: typeof import('@/app/api/v2/panelizer-exports/[id]/route');
  publish: typeof import('@/app/api/v2/panelizer-exports/[id]/publish/route');
};
/** Rheinland's, shared with customer 6 (customer@) and the partner's customer 37 (external@). */
let shared: number;
/** Nord's (customer 6's own): foreign to customer2 (Rheinland). */
let nord: number;

beforeAll(async () => {
  app = await openAppWorld('panelizer');
  routes = {
    projects: await import('@/app/api/v2/missions/[id]/panelizer-projects/route'),
    project: await import('@/app/api/v2/panelizer-projects/[id]/route'),
    exports: await import('@/app/api/v2/panelizer-projects/[id]/exports/route'),
    export: await import('@/app/api/v2/panelizer-exports/[id]/route'),
    publish: await import('@/app/api/v2/panelizer-exports/[id]/publish/route'),
  };
  shared = app.w.m.rheinShared.id;
  nord = app.w.m.nord.id;
  await convertedDataset(app, shared, [1000, 2000, 300]);
  await convertedDataset(app, nord, [10, 20, 30]);
}, 120_000);
afterAll(() => app?.close());

const p = (id: string | number) => ({ params: { id: String(id) } });
const list = (role: Role, missionId: number) => callAs(routes.projects.GET, role, 'GET', `/api/v2/missions/${missionId}/panelizer-projects`, p(missionId));
const create = (role: Role, missionId: number, json: unknown) => callAs(routes.projects.POST, role, 'POST', `/api/v2/missions/${missionId}/panelizer-projects`, { ...p(missionId), json });
const get = (role: Role, id: string) => callAs(routes.project.GET, role, 'GET', `/api/v2/panelizer-projects/${id}`, p(id));
const put = (role: Role, id: string, json: unknown) => callAs(routes.project.PUT, role, 'PUT', `/api/v2/panelizer-projects/${id}`, { ...p(id), json });
const rename = (role: Role, id: string, json: unknown) => callAs(routes.project.PATCH, role, 'PATCH', `/api/v2/panelizer-projects/${id}`, { ...p(id), json });
const remove = (role: Role, id: string, version: number) => callAs(routes.project.DELETE, role, 'DELETE', `/api/v2/panelizer-projects/${id}?version=${version}`, p(id));
const exportNow = (role: Role, id: string) => callAs(routes.exports.POST, role, 'POST', `/api/v2/panelizer-projects/${id}/exports`, p(id));
const exportsOf = (role: Role, id: string) => callAs(routes.exports.GET, role, 'GET', `/api/v2/panelizer-projects/${id}/exports`, p(id));
const getExport = (role: Role, id: string) => callAs(routes.export.GET, role, 'GET', `/api/v2/panelizer-exports/${id}`, p(id));
const publish = (role: Role, id: string, method: 'POST' | 'DELETE' = 'POST') => callAs(routes.publish[method], role, method, `/api/v2/panelizer-exports/${id}/publish`, p(id));

async function created(role: Role, missionId: number, json: unknown): Promise<PanelizerProjectDto> {
  const res = await create(role, missionId, json);
  expect(res.status).toBe(201);
  return (await res.json()) as PanelizerProjectDto;
}

/** A two-storey box 10 × 20 m with one window, in the project's frame. */
function boxDocument(origin: [number, number, number]): PanelizerDocument {
  return {
    schema: 1,
    origin,
    floorLines: [{ id: 'a', z: 0 }, { id: 'b', z: 3 }, { id: 'c', z: 6 }],
    floors: [{ id: 'a', planId: 'p' }, { id: 'b', planId: 'p' }],
    plans: [{ id: 'p', outlines: [{ id: 'o', kind: 'building', points: [{ id: 'v1', x: 0, y: 0 }, { id: 'v2', x: 10, y: 0 }, { id: 'v3', x: 10, y: 20 }, { id: 'v4', x: 0, y: 20 }] }] }],
    openings: [{ id: 'w', floorId: 'a', outlineId: 'o', edgeId: 'v1', kind: 'window', left: 1, bottom: 0.9, width: 1.2, height: 1.5 }],
  };
}

describe('panelizer projects', () => {
  it('are created by the staff on the mission’s converted cloud, its lower corner as origin unless given', async () => {
    const project = await created('admin', shared, { name: 'Fassade Süd' });
    expect(project).toMatchObject({ name: 'Fassade Süd', missionId: shared, version: 1, publishedExportId: null });
    expect(project.document).toEqual({ schema: 1, origin: [1000, 2000, 300], floorLines: [], floors: [], plans: [], openings: [] });
    // The operator's assigned mission has no converted cloud: refused with the reason.
    const none = await create('operator', app.w.m.rheinAssigned.id, { name: 'x' });
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: { details: { key: string } } }).error.details.key).toBe('panelizer.errors.noPointcloud');
    const given = await created('advanced', shared, { name: 'Demo frame', origin: [1005, 2005, 301] });
    expect(given.document.origin).toEqual([1005, 2005, 301]);
    const listed = (await (await list('advanced', shared)).json()) as PanelizerProjectsDto;
    expect(listed.mayEdit).toBe(true);
    expect(listed.items.map((i) => i.name)).toEqual(['Fassade Süd', 'Demo frame']);
  });

  it('are refused to readers and strangers; bad input is a validation error, never a 500', async () => {
    for (const role of ['customer', 'external', 'customer2'] as const) {
      expect((await create(role, shared, { name: 'nope' })).status).toBe(403);
    }
    const readerList = (await (await list('customer', shared)).json()) as PanelizerProjectsDto;
    expect(readerList).toMatchObject({ items: [], mayEdit: false });
    expect((await list('customer2', nord)).status).toBe(403);
    expect((await create('admin', shared, { name: '   ' })).status).toBe(400);
    expect((await create('admin', shared, { name: 'x', origin: [1, 2] })).status).toBe(400);
    const project = await created('admin', shared, { name: 'Reader test' });
    expect((await get('customer', project.id)).status).toBe(403);
    expect((await put('external', project.id, { version: 1, document: project.document })).status).toBe(403);
    expect((await get('admin', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('admin', 'not-a-uuid')).status).toBe(400);
  });

  it('save the document with its version: a stale save is 409 with the current version, the stored one unchanged', async () => {
    const project = await created('admin', shared, { name: 'Autosave' });
    const doc = boxDocument(project.document.origin);
    const first = await put('admin', project.id, { version: 1, document: doc });
    expect(first.status).toBe(200);
    expect(((await first.json()) as PanelizerProjectDto).version).toBe(2);
    const stale = await put('advanced', project.id, { version: 1, document: { ...doc, openings: [] } });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { error: { code: string; details: { key: string; currentVersion: number } } };
    expect(body.error).toMatchObject({ code: 'version_conflict', details: { key: 'panelizer.errors.staleSave', currentVersion: 2 } });
    const stored = (await (await get('admin', project.id)).json()) as PanelizerProjectDto;
    expect(stored.document.openings).toHaveLength(1);
    expect(stored.version).toBe(2);
  });

  it('save a document of 50 floors and 10 000 openings (above the API’s 1 MiB); a body above 8 MiB is 413', async () => {
    const project = await created('admin', shared, { name: 'Tower' });
    // Ids as the editor makes them (a letter and 16 hex digits).
    const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(16, '0')}`;
    const lines = Array.from({ length: 51 }, (_, k) => ({ id: id('l', k), z: 3 * k }));
    const outline = { id: id('o', 0), kind: 'building' as const, points: [[0, 0], [210, 0], [210, 20], [0, 20]].map(([x, y], k) => ({ id: id('v', k), x: x!, y: y! })) };
    // 100 windows on each long side of each floor: 50 × 2 × 100.
    const openingsOf = (count: number): Opening[] =>
      Array.from({ length: count }, (_, n) => {
        const [floor, side, k] = [Math.floor(n / 200) % 50, Math.floor(n / 100) % 2, n % 100];
        return { id: id('w', n), floorId: lines[floor]!.id, outlineId: outline.id, edgeId: outline.points[side * 2]!.id, kind: 'window', left: 0.5 + 2 * k, bottom: 0.9, width: 1.2, height: 1.5, groupId: id('g', floor) };
      });
    const document: PanelizerDocument = {
      ...project.document,
      floorLines: lines,
      floors: lines.slice(0, 50).map((l) => ({ id: l.id, planId: 'p' })),
      plans: [{ id: 'p', outlines: [outline] }],
      openings: openingsOf(10_000),
    };
    expect(JSON.stringify({ version: 1, document }).length).toBeGreaterThan(2 * 1024 * 1024);
    const saved = await put('admin', project.id, { version: 1, document });
    expect(saved.status).toBe(200);
    const stored = (await (await get('admin', project.id)).json()) as PanelizerProjectDto;
    expect(stored.document.openings).toHaveLength(10_000);
    expect(stored.version).toBe(2);

    const tooLarge = { version: 2, document: { ...document, openings: openingsOf(40_000) } };
    expect(JSON.stringify(tooLarge).length).toBeGreaterThan(PANELIZER_MAX_DOCUMENT_BYTES);
    const refused = await put('admin', project.id, tooLarge);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(((await (await get('admin', project.id)).json()) as PanelizerProjectDto).version).toBe(2);
  });

  it('refuse a self-intersecting outline with 422 naming the outline and the message key', async () => {
    const project = await created('admin', shared, { name: 'Bow tie' });
    const doc = boxDocument(project.document.origin);
    doc.plans[0]!.outlines[0]!.points = [{ id: 'v1', x: 0, y: 0 }, { id: 'v2', x: 10, y: 20 }, { id: 'v3', x: 10, y: 0 }, { id: 'v4', x: 0, y: 20 }];
    doc.openings = [];
    const res = await put('admin', project.id, { version: 1, document: doc });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, { key: string; message: string }[]> } } };
    expect(body.error.code).toBe('unprocessable');
    expect(body.error.details.fields['document.plans.0.outlines.0.points']?.[0]?.key).toBe('panelizer.errors.selfIntersecting');
    expect(body.error.details.fields['document.plans.0.outlines.0.points']?.[0]?.message).toBe('Self-intersecting polygons are refused.');
    expect((await put('admin', project.id, { version: 1, document: { ...doc, floorLines: 'x' } })).status).toBe(400);
  });

  it('rename with their version and delete (with their exports)', async () => {
    const project = await created('admin', shared, { name: 'Alt' });
    const renamed = await rename('admin', project.id, { version: project.version, name: 'Neu' });
    expect(renamed.status).toBe(200);
    const dto = (await renamed.json()) as PanelizerProjectDto;
    expect(dto).toMatchObject({ name: 'Neu', version: project.version + 1 });
    expect((await rename('admin', project.id, { version: project.version, name: 'Zurück' })).status).toBe(409);
    const made = (await (await exportNow('admin', project.id)).json()) as PanelizerExportDto;
    expect((await remove('customer', project.id, dto.version)).status).toBe(403);
    expect((await remove('admin', project.id, project.version)).status).toBe(409);
    expect((await remove('admin', project.id, dto.version)).status).toBe(204);
    expect((await get('admin', project.id)).status).toBe(404);
    expect((await getExport('admin', made.id)).status).toBe(404);
  });
});

describe('panelizer exports', () => {
  it('are numbered snapshots with their results; later edits leave export #1 as it was', async () => {
    const project = await created('admin', nord, { name: 'Demo', origin: [0, 0, 0] });
    const saved = (await (await put('admin', project.id, { version: 1, document: demoPanelizerDocument() })).json()) as PanelizerProjectDto;
    const first = await exportNow('admin', project.id);
    expect(first.status).toBe(201);
    const one = (await first.json()) as PanelizerExportDto;
    expect(one).toMatchObject({ number: 1, name: 'Demo', published: false });
    // 4 storeys × (24 + 12 + 24 + 12) m × 3 m; 96 windows 1.2 × 1.4 m and a door 1.4 × 2.3 m.
    expect(one.totals.gross).toBeCloseTo(864, 9);
    expect(one.totals.openingsCount).toBe(97);
    expect(one.totals.net).toBeCloseTo(864 - 96 * 1.68 - 3.22, 9);
    const edited = { ...saved.document, openings: [] };
    expect((await put('admin', project.id, { version: saved.version, document: edited })).status).toBe(200);
    const two = (await (await exportNow('advanced', project.id)).json()) as PanelizerExportDto;
    expect(two.number).toBe(2);
    expect(two.totals.openingsCount).toBe(0);
    const again = (await (await getExport('admin', one.id)).json()) as PanelizerExportDto;
    expect(again.document).toEqual(saved.document);
    expect(again.totals.openingsCount).toBe(97);
    const listed = (await (await exportsOf('admin', project.id)).json()) as { items: PanelizerExportDto[] };
    expect(listed.items.map((e) => e.number)).toEqual([2, 1]);
  });

  it('published: the customer and the partner read it, customer2 is refused, unpublished it is gone for them', async () => {
    const project = await created('admin', shared, { name: 'Veröffentlicht' });
    await put('admin', project.id, { version: 1, document: boxDocument(project.document.origin) });
    const one = (await (await exportNow('admin', project.id)).json()) as PanelizerExportDto;
    const two = (await (await exportNow('admin', project.id)).json()) as PanelizerExportDto;
    expect((await getExport('customer', one.id)).status).toBe(404);
    expect((await publish('customer', one.id)).status).toBe(403);
    expect((await publish('admin', one.id)).status).toBe(200);
    for (const role of ['customer', 'external', 'customer2'] as const) {
      const res = await getExport(role, one.id);
      expect(res.status).toBe(200);
      expect(((await res.json()) as PanelizerExportDto).totals.openingsCount).toBe(1);
    }
    // Publishing the other export moves the published state: one per project.
    expect(((await (await publish('advanced', two.id)).json()) as PanelizerExportDto).published).toBe(true);
    expect((await getExport('external', one.id)).status).toBe(404);
    const view = (await (await list('external', shared)).json()) as PanelizerProjectsDto;
    expect(view.published.map((e) => e.id)).toEqual([two.id]);
    const stored = (await (await get('admin', project.id)).json()) as PanelizerProjectDto;
    expect(stored.publishedExportId).toBe(two.id);
    expect(stored.version).toBe(2);
    expect((await publish('admin', two.id, 'DELETE')).status).toBe(200);
    expect((await getExport('customer', two.id)).status).toBe(404);
    expect(((await (await get('admin', project.id)).json()) as PanelizerProjectDto).publishedExportId).toBeNull();
  });

  it('of another company’s mission are refused to customer2 as the mission is', async () => {
    const project = await created('admin', nord, { name: 'Nord' });
    const made = (await (await exportNow('admin', project.id)).json()) as PanelizerExportDto;
    await publish('admin', made.id);
    expect((await getExport('customer', made.id)).status).toBe(200);
    expect((await getExport('customer2', made.id)).status).toBe(403);
    expect((await get('customer2', project.id)).status).toBe(403);
  });
});

describe('the demo panelizer project', () => {
  it('is seeded once on ARG-2026-DEMO with export #1 published: the customer reads the building’s 699.5 m² net', async () => {
    const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
    const { missionInput } = await import('../missions/fixtures');
    const { seedDemoPanelizer } = await import('@/scripts/seed/demo-panelizer');
    const demo = await createMissionFromJson(app.t.system, missionInput(app.w.companies.nord.id, { name: 'Bürohaus', customerId: app.w.customers.c6.id, internalReference: 'ARG-2026-DEMO' }));
    expect(await seedDemoPanelizer(app.t.db, {})).toEqual({ created: true });
    expect(await seedDemoPanelizer(app.t.db, {})).toEqual({ created: false });
    const view = (await (await list('customer', demo.id)).json()) as PanelizerProjectsDto;
    expect(view.published).toHaveLength(1);
    expect(view.published[0]).toMatchObject({ name: 'Fassade Bürohaus', number: 1, totals: { openingsCount: 97, windows: 96, doors: 1 } });
    expect(view.published[0]!.totals.net).toBeCloseTo(699.5, 9);
    const read = (await (await getExport('customer', view.published[0]!.id)).json()) as PanelizerExportDto;
    expect(read.document.origin).toEqual([691600, 5334780, 519]);
    expect(read.document.floorLines.map((l) => l.z)).toEqual([0, 3, 6, 9, 12]);
    expect(new Set(read.document.floors.map((f) => f.planId)).size).toBe(1);
    const staff = (await (await list('admin', demo.id)).json()) as PanelizerProjectsDto;
    expect(staff.items).toHaveLength(1);
    expect(staff.items[0]!.publishedExportId).toBe(read.id);
    expect((await list('customer2', demo.id)).status).toBe(403);
    // Its mission detail says "StoSim ordered: yes", as a published result needs.
    const { mission } = await import('@/lib/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await app.t.db.select({ additionalProducts: mission.additionalProducts }).from(mission).where(eq(mission.id, demo.id));
    expect(row!.additionalProducts).toContain('stosim');
  });
});

describe('the panelizer in the OpenAPI document', () => {
  it('describes every panelizer path, the export with its results schema for the partner', async () => {
    const { openApiDocument } = await import('@/lib/server/api/openapi');
    const { endpoints } = await import('@/lib/shared/api/endpoints');
    const doc = openApiDocument(endpoints, 'http://localhost') as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/v2/missions/{id}/panelizer-projects', 'get'], ['/api/v2/missions/{id}/panelizer-projects', 'post'],
      ['/api/v2/panelizer-projects/{id}', 'get'], ['/api/v2/panelizer-projects/{id}', 'put'], ['/api/v2/panelizer-projects/{id}', 'patch'], ['/api/v2/panelizer-projects/{id}', 'delete'],
      ['/api/v2/panelizer-projects/{id}/exports', 'post'], ['/api/v2/panelizer-projects/{id}/exports', 'get'],
      ['/api/v2/panelizer-exports/{id}', 'get'], ['/api/v2/panelizer-exports/{id}/publish', 'post'], ['/api/v2/panelizer-exports/{id}/publish', 'delete'],
      ['/api/v2/panelizer-exports/{id}/files/{format}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]).toBeDefined();
    }
    const exportSchema = JSON.stringify(doc.paths['/api/v2/panelizer-exports/{id}']!.get);
    for (const field of ['facades', 'elevations', 'balconies', 'openingsArea', 'revealLength', 'floorLines', 'openings']) expect(exportSchema).toContain(field);
  });
});
