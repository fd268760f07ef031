import { auditNames } from '@/lib/server/audit/audit-names';
import { listMissionAuditFromJson } from '@/lib/server/audit/list-mission-audit';
import { building, dataset, measurement, missionFile, missionImage, panelizerProject, renderedSlice, tour, upload } from '@/lib/server/db/schema';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { openApiDocument } from '@/lib/server/api/openapi';
import { listCompaniesFromJson } from '@/lib/server/companies/list-companies';
import { listCustomersFromJson } from '@/lib/server/customers/list-customers';
import { createBuildingFromJson } from '@/lib/server/missions/create-building';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { deleteBuilding } from '@/lib/server/missions/delete-building';
import { getMission } from '@/lib/server/missions/get-mission';
import { listMissionBuildings } from '@/lib/server/missions/list-mission-buildings';
import { listMissionShares } from '@/lib/server/missions/list-mission-shares';
import { listMissionsFromJson } from '@/lib/server/missions/list-missions';
import { revokeMissionShareFromJson } from '@/lib/server/missions/revoke-mission-share';
import { shareMissionFromJson } from '@/lib/server/missions/share-mission';
import { updateBuildingFromJson } from '@/lib/server/missions/update-building';
import { updateMissionFromJson } from '@/lib/server/missions/update-mission';
import { createTablePresetFromJson } from '@/lib/server/table-presets/create-table-preset';
import { deleteTablePreset } from '@/lib/server/table-presets/delete-table-preset';
import { listTablePresets } from '@/lib/server/table-presets/list-table-presets';
import { attachMissionTagFromJson } from '@/lib/server/tags/attach-mission-tag';
import { createTagFromJson } from '@/lib/server/tags/create-tag';
import { detachMissionTagFromJson } from '@/lib/server/tags/detach-mission-tag';
import { listTagsFromJson } from '@/lib/server/tags/list-tags';
import { listUsersFromJson } from '@/lib/server/users/list-users';
import { endpoints } from '@/lib/shared/api/endpoints';
import * as api from '@/lib/shared/api/endpoints/missions';
import * as pickers from '@/lib/shared/api/endpoints/pickers';
import { metresPerDegree } from '@/lib/shared/geo';
import type { AuditEventDto } from '@/lib/shared/schemas/audit';
import { buildWorld, missionInput, openTestDb, type TestDb, type World } from './fixtures';

let t: TestDb;
let w: World;

beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

const visibleIds = async (role: Parameters<World['ctx']>[0]) => (await listMissionsFromJson(w.ctx(role), { limit: 200 })).items.map((i) => i.id);

describe('mission shares', () => {
  it('shares with another customer, lists shared by / with / date, and revokes: the customer sees it, then not', async () => {
    const { m, customers } = w;
    expect(await visibleIds('customer2')).not.toContain(m.nord.id);
    const share = await shareMissionFromJson(w.ctx('admin'), { missionId: m.nord.id, customerId: customers.c7.id });
    expect(api.shareMission.response.safeParse(share).success).toBe(true);
    expect(await visibleIds('customer2')).toContain(m.nord.id);
    expect(await getMission(w.ctx('customer2'), { id: m.nord.id })).toMatchObject({ view: 'full', id: m.nord.id });
    const shares = await listMissionShares(w.ctx('admin'), { missionId: m.nord.id });
    expect(api.listMissionShares.response.safeParse({ items: shares }).success).toBe(true);
    expect(shares).toEqual([
      expect.objectContaining({ customerId: customers.c7.id, customerNumber: 7, customerName: 'Rheinland Bestand', companyName: 'Rheinland KG', sharedBy: w.ids.admin, sharedByName: 'Andrea Admin', sharedAt: expect.any(String) }),
    ]);
    // The customer it is shared with may read it, but neither share it on nor revoke.
    await expect(revokeMissionShareFromJson(w.ctx('customer2'), { missionId: m.nord.id, customerId: customers.c7.id })).rejects.toMatchObject({ code: 'not_authorized' });
    await expect(shareMissionFromJson(w.ctx('customer2'), { missionId: m.nord.id, customerId: customers.c37.id })).rejects.toMatchObject({ code: 'not_authorized' });
    await revokeMissionShareFromJson(w.ctx('admin'), { missionId: m.nord.id, customerId: customers.c7.id });
    expect(await visibleIds('customer2')).not.toContain(m.nord.id);
    await expect(getMission(w.ctx('customer2'), { id: m.nord.id })).rejects.toMatchObject({ code: 'not_authorized', message: 'not authorized to access mission id' });
    await expect(revokeMissionShareFromJson(w.ctx('admin'), { missionId: m.nord.id, customerId: customers.c7.id })).rejects.toMatchObject({ code: 'not_found' });
    const actions = (await t.pool.query('select action from audit_event where mission_id = $1 order by id', [m.nord.id])).rows.map((r: { action: string }) => r.action);
    expect(actions.slice(-2)).toEqual(['share', 'unshare']);
    await expect(shareMissionFromJson(w.ctx('admin'), { missionId: m.nord.id, customerId: customers.c6.id })).rejects.toMatchObject({ details: { fields: { customerId: expect.any(Array) } } });
  });

  it("refuses a customer's share with another company's customer exactly like one with a customer that does not exist", async () => {
    const { m, customers } = w;
    const failure = async (customerId: number) => {
      try {
        await shareMissionFromJson(w.ctx('customer'), { missionId: m.nord.id, customerId });
      } catch (err) {
        const e = err as { code: string; message: string; details?: unknown };
        return { code: e.code, message: e.message, details: e.details };
      }
      throw new Error('expected the share to be refused');
    };
    const foreign = await failure(customers.c7.id);
    const missing = await failure(987_654_321);
    expect(foreign).toEqual({ code: 'not_found', message: 'customer not found', details: undefined });
    expect(foreign).toEqual(missing);
    // Nothing was shared, so reading the shares back tells nothing either.
    expect(await listMissionShares(w.ctx('customer'), { missionId: m.nord.id })).toEqual([]);
    expect(await visibleIds('customer2')).not.toContain(m.nord.id);
    // Their own company's customers stay shareable.
    expect(await shareMissionFromJson(w.ctx('customer'), { missionId: m.nord.id, customerId: customers.c11.id })).toMatchObject({ customerId: customers.c11.id, sharedBy: w.ids.customer });
    await revokeMissionShareFromJson(w.ctx('customer'), { missionId: m.nord.id, customerId: customers.c11.id });
  });
});

describe('tags', () => {
  it('lists tags for everyone, creates them for internal users, attaches and detaches with audit', async () => {
    const tag = await createTagFromJson(w.ctx('admin'), { name: 'Denkmalschutz', color: '#AA3300' });
    await expect(createTagFromJson(w.ctx('customer'), { name: 'Nope' })).rejects.toMatchObject({ code: 'not_authorized' });
    const all = await listTagsFromJson(w.ctx('external'), { q: 'denkmal' });
    expect(pickers.listTags.response.safeParse({ items: all }).success).toBe(true);
    expect(all).toEqual([{ id: tag.id, name: 'Denkmalschutz', color: '#aa3300', version: 1 }]);
    expect(await attachMissionTagFromJson(w.ctx('advanced'), { missionId: w.m.nord.id, tagId: tag.id })).toEqual([tag.id]);
    expect(await attachMissionTagFromJson(w.ctx('advanced'), { missionId: w.m.nord.id, tagId: tag.id })).toEqual([tag.id]);
    expect((await getMission(w.ctx('customer'), { id: w.m.nord.id })).tags).toEqual([{ id: tag.id, name: 'Denkmalschutz', color: '#aa3300' }]);
    await expect(attachMissionTagFromJson(w.ctx('customer'), { missionId: w.m.nord.id, tagId: tag.id })).rejects.toMatchObject({ code: 'not_authorized' });
    await expect(attachMissionTagFromJson(w.ctx('admin'), { missionId: w.m.nord.id, tagId: 999_999 })).rejects.toMatchObject({ code: 'validation' });
    expect(await detachMissionTagFromJson(w.ctx('admin'), { missionId: w.m.nord.id, tagId: tag.id })).toEqual([]);
    const { rows } = await t.pool.query(`select action from audit_event where mission_id = $1 and action in ('tag', 'untag') order by id`, [w.m.nord.id]);
    expect(rows).toEqual([{ action: 'tag' }, { action: 'untag' }]);
  });
});

describe('buildings', () => {
  it('lists, adds (measured), changes with version (409 when stale) and deletes all but the last', async () => {
    const mission = w.m.nord;
    const [first] = await listMissionBuildings(w.ctx('customer'), { missionId: mission.id });
    expect(first).toMatchObject({ name: 'Haus', levels: 3 });
    const m = metresPerDegree(48.1374);
    const square = { type: 'Polygon' as const, coordinates: [[[11.5, 48.1374], [11.5 + 10 / m.lon, 48.1374], [11.5 + 10 / m.lon, 48.1374 + 10 / m.lat], [11.5, 48.1374 + 10 / m.lat], [11.5, 48.1374]] as [number, number][]] };
    const added = await createBuildingFromJson(w.ctx('customer'), { missionId: mission.id, name: 'Garage', footprint: square, levels: 1 });
    expect(api.createBuilding.response.safeParse(added).success).toBe(true);
    expect(added.groundArea).toBeCloseTo(100, 0);
    expect(added.perimeter).toBeCloseTo(40, 0);
    expect(added.facadeArea).toBeCloseTo(120, 0);
    // The detail reads the buildings and the names beside the ids in one query, one row per building: each building once, in order, the names once.
    const detail = await getMission(w.ctx('customer'), { id: mission.id });
    expect(detail.buildings.map((b) => b.name)).toEqual(['Haus', 'Garage']);
    expect(detail).toMatchObject({ company: { name: 'Nord GmbH' }, customer: { customerNumber: 6 } });
    await expect(createBuildingFromJson(w.ctx('customer2'), { missionId: mission.id, name: 'X', footprint: square })).rejects.toMatchObject({ code: 'not_authorized' });
    await expect(createBuildingFromJson(w.ctx('customer'), { missionId: mission.id, name: 'Offen', footprint: { type: 'Polygon', coordinates: [[[11, 48], [11.1, 48], [11, 48.1]]] } })).rejects.toMatchObject({ code: 'validation' });

    const changed = await updateBuildingFromJson(w.ctx('admin'), { id: added.id, version: 1, levels: 2, type: 'building' });
    expect(changed).toMatchObject({ levels: 2, version: 2 });
    expect(changed.facadeArea).toBeCloseTo(240, 0);
    const area = await updateBuildingFromJson(w.ctx('admin'), { id: added.id, version: 2, type: 'area' });
    expect(area.facadeArea).toBe(0);
    await expect(updateBuildingFromJson(w.ctx('admin'), { id: added.id, version: 1, name: 'Alt' })).rejects.toMatchObject({ code: 'version_conflict' });
    await expect(updateBuildingFromJson(w.ctx('operator'), { id: added.id, version: 3, name: 'Op' })).rejects.toMatchObject({ code: 'not_authorized' });

    await deleteBuilding(w.ctx('customer'), { id: added.id });
    await expect(deleteBuilding(w.ctx('customer'), { id: first!.id })).rejects.toMatchObject({ code: 'conflict' });
    await expect(deleteBuilding(w.ctx('customer'), { id: added.id })).rejects.toMatchObject({ code: 'not_found' });
    const actions = (await t.pool.query(`select action from audit_event where entity = 'building' and mission_id = $1 order by id`, [mission.id])).rows.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['create', 'update', 'update', 'delete']);
  });
});

describe('table presets', () => {
  it('belong to their user: create, list, refuse a duplicate name or unknown column, delete', async () => {
    const mine = w.ctx('customer');
    const preset = await createTablePresetFromJson(mine, { name: 'Projektliste', columns: ['id', 'name', 'priority', 'assignee', 'createdAt', 'scanAppointment', 'step'] });
    await createTablePresetFromJson(mine, { name: 'Adressen', columns: ['id', 'address'] });
    expect((await listTablePresets(mine)).map((p) => p.name)).toEqual(['Adressen', 'Projektliste']);
    expect(await listTablePresets(w.ctx('customer2'))).toEqual([]);
    await expect(createTablePresetFromJson(mine, { name: 'projektliste', columns: ['id'] })).rejects.toMatchObject({ code: 'conflict' });
    await expect(createTablePresetFromJson(mine, { name: 'Kaputt', columns: ['password' as 'id'] })).rejects.toMatchObject({ code: 'validation' });
    await expect(createTablePresetFromJson(mine, { name: 'Leer', columns: [] })).rejects.toMatchObject({ code: 'validation' });
    await expect(deleteTablePreset(w.ctx('customer2'), { id: preset.id })).rejects.toMatchObject({ code: 'not_found' });
    await deleteTablePreset(mine, { id: preset.id });
    expect((await listTablePresets(mine)).map((p) => p.name)).toEqual(['Adressen']);
  });
});

describe('pickers', () => {
  it('scope companies, customers and users to what the actor may see', async () => {
    const names = <T extends { name?: string; displayName?: string }>(rows: T[]) => rows.map((r) => r.name ?? r.displayName).sort();
    expect(names(await listCompaniesFromJson(w.ctx('admin'), {}))).toEqual(['Fassadenwerk AG', 'Nord GmbH', 'Provider GmbH', 'Rheinland KG']);
    expect(names(await listCompaniesFromJson(w.ctx('customer'), {}))).toEqual(['Nord GmbH']);
    expect(names(await listCustomersFromJson(w.ctx('customer'), {}))).toEqual(['Nord Altona', 'Nord Zentrale']);
    const all = await listCustomersFromJson(w.ctx('advanced'), { q: '37' });
    expect(pickers.listCustomers.response.safeParse({ items: all }).success).toBe(true);
    expect(all.map((c) => c.customerNumber)).toEqual([37]);
    expect((await listCustomersFromJson(w.ctx('admin'), { companyId: w.companies.rheinland.id })).map((c) => c.name)).toEqual(['Rheinland Bestand']);
    const users = await listUsersFromJson(w.ctx('admin'), { q: 'oliver' });
    expect(pickers.listUsers.response.safeParse({ items: users }).success).toBe(true);
    expect(users).toEqual([expect.objectContaining({ identityId: w.ids.operator, displayName: 'Oliver Operator' })]);
    expect(names(await listUsersFromJson(w.ctx('customer'), {}))).toEqual(['Claudia Kundin']);
    // An invited user who has not verified yet (or has no role) is not offered (issue 20).
    await t.pool.query(`insert into app_user (identity_id, email, display_name, company_id) values (gen_random_uuid(), 'invited@example.com', 'Ingo Invited', $1)`, [w.companies.provider.id]);
    expect(names(await listUsersFromJson(w.ctx('operator'), {}))).toEqual(['Andrea Admin', 'Markus Manager', 'Oliver Operator']);
  });
});

describe('audit trail', () => {
  it('shows who did what when, newest first, paged; not for external users', async () => {
    const created = await createMissionFromJson(t.system, missionInput(w.companies.nord.id, { customerId: w.customers.c6.id }));
    let version = 1;
    for (const description of ['eins', 'zwei', 'drei']) version = (await updateMissionFromJson(w.ctx('customer'), { id: created.id, version, description })).version;
    const first = await listMissionAuditFromJson(w.ctx('customer'), { missionId: created.id, limit: 2 });
    expect(api.listMissionAudit.response.safeParse(first).success).toBe(true);
    expect(first.items.map((e) => [e.action, e.actorName, e.diff.description])).toEqual([
      ['update', 'Claudia Kundin', ['zwei', 'drei']],
      ['update', 'Claudia Kundin', ['eins', 'zwei']],
    ]);
    const rest = await listMissionAuditFromJson(w.ctx('admin'), { missionId: created.id, cursor: Number(first.nextCursor) });
    expect(rest.items.map((e) => [e.action, e.actorId])).toEqual([['update', w.ids.customer], ['create', null]]);
    expect(rest.nextCursor).toBeNull();
    await expect(listMissionAuditFromJson(w.ctx('external'), { missionId: w.m.partner.id })).rejects.toMatchObject({ code: 'not_authorized' });
  });

  it('names the people, companies and customers its entries point to (issue 20: no raw ids)', async () => {
    const created = await createMissionFromJson(t.system, missionInput(w.companies.nord.id, { customerId: w.customers.c6.id }));
    await updateMissionFromJson(w.ctx('admin'), { id: created.id, version: 1, ownerId: w.ids.admin });
    await shareMissionFromJson(w.ctx('admin'), { missionId: created.id, customerId: w.customers.c7.id });
    const page = await listMissionAuditFromJson(w.ctx('admin'), { missionId: created.id });
    expect(api.listMissionAudit.response.safeParse(page).success).toBe(true);
    expect(page.items.map((e) => e.action)).toEqual(['share', 'update', 'create']);
    expect(page.names.users[w.ids.admin]).toBe('Andrea Admin');
    expect(page.names.customers[String(w.customers.c7.id)]).toBe('Rheinland Bestand');
    expect(page.names.customers[String(w.customers.c6.id)]).toBe('Nord Zentrale');
    expect(page.names.companies[String(w.companies.nord.id)]).toBe('Nord GmbH');
    expect(page.names.datasets).toEqual({});
  });

  it('names the scans, uploads, buildings, images (by file), 3D viewer items, rendered slices, tours and panelizer projects its entries are about, all kinds in one answer', async () => {
    const created = await createMissionFromJson(t.system, missionInput(w.companies.nord.id));
    const [scan] = await t.db.insert(dataset).values({ datasetId: 'Scan Erdgeschoss', missionId: created.id }).returning({ id: dataset.id });
    const uploadId = `names-${created.id}`;
    await t.db.insert(upload).values({ id: uploadId, missionId: created.id, purpose: 'scan', userId: w.ids.admin, filename: 'eg.las', size: 1, expiresAt: new Date(Date.now() + 60_000) });
    const event = (entity: string, entityId: string, diff: Record<string, unknown> = {}) =>
      ({ id: 1, entity, entityId, action: 'update', actorId: null, actorName: null, diff, at: new Date().toISOString() }) as unknown as AuditEventDto;
    const [walk] = await t.db.insert(tour).values({ missionId: created.id, name: 'Rundgang EG' }).returning({ id: tour.id });
    const [project] = await t.db.insert(panelizerProject).values({ missionId: created.id, name: 'Fassade Nord', document: {} as PanelizerDocument }).returning({ id: panelizerProject.id });
    const m = metresPerDegree(48.1374);
    const square = { type: 'Polygon' as const, coordinates: [[[11.5, 48.1374], [11.5 + 10 / m.lon, 48.1374], [11.5 + 10 / m.lon, 48.1374 + 10 / m.lat], [11.5, 48.1374]] as [number, number][]] };
    const [house] = await t.db.insert(building).values({ missionId: created.id, name: 'Haus A', footprint: square, groundArea: 1, facadeArea: 1, perimeter: 1, levels: 1 }).returning({ id: building.id });
    const file = { missionId: created.id, sizeBytes: 1, sha256: 'x', contentType: 'image/jpeg' };
    const [photo] = await t.db.insert(missionFile).values({ ...file, kind: 'photo', filename: 'hof.jpg', storageKey: `names-${created.id}/hof.jpg` }).returning({ id: missionFile.id });
    const [image] = await t.db.insert(missionImage).values({ missionId: created.id, missionFileId: photo!.id, kind: 'photo' }).returning({ id: missionImage.id });
    const [item] = await t.db.insert(measurement).values({ missionId: created.id, kind: 'distance', name: 'Traufhöhe' }).returning({ id: measurement.id });
    const [slice] = await t.db
      .insert(renderedSlice)
      .values({ missionId: created.id, name: 'Schnitt A-A', scale: 50, dpi: 150, widthPx: 1, heightPx: 1, storageKey: `names-${created.id}/slice.png`, sizeBytes: 1, sha256: 'x' })
      .returning({ id: renderedSlice.id });
    const names = await auditNames(w.ctx('admin'), [
      event('dataset', String(scan!.id)),
      event('upload', uploadId),
      event('mission', String(created.id), { ownerId: [null, w.ids.admin] }),
      event('tour', String(walk!.id)),
      event('panelizer_project', project!.id),
      event('building', String(house!.id)),
      event('mission_image', String(image!.id)),
      event('measurement', String(item!.id)),
      event('rendered_slice', String(slice!.id)),
    ]);
    expect(names).toEqual({
      users: { [w.ids.admin]: 'Andrea Admin' },
      companies: {},
      customers: {},
      datasets: { [String(scan!.id)]: 'Scan Erdgeschoss' },
      uploads: { [uploadId]: 'eg.las' },
      buildings: { [String(house!.id)]: 'Haus A' },
      images: { [String(image!.id)]: 'hof.jpg' },
      measurements: { [String(item!.id)]: 'Traufhöhe' },
      renderedSlices: { [String(slice!.id)]: 'Schnitt A-A' },
      tours: { [String(walk!.id)]: 'Rundgang EG' },
      panelizerProjects: { [project!.id]: 'Fassade Nord' },
    });
  });
});

describe('OpenAPI', () => {
  it('describes every mission resource', () => {
    const doc = openApiDocument(endpoints, 'http://localhost') as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/v2/missions', 'get'], ['/api/v2/missions', 'post'], ['/api/v2/missions/{id}', 'patch'], ['/api/v2/missions/{id}/close', 'post'],
      ['/api/v2/missions/{id}/cloud-sync', 'post'], ['/api/v2/missions/{id}/neighbours', 'get'], ['/api/v2/missions/{id}/shares/{customerId}', 'delete'],
      ['/api/v2/buildings/{id}', 'patch'], ['/api/v2/missions/{id}/audit', 'get'], ['/api/v2/table-presets', 'post'], ['/api/v2/customers', 'get'],
      ['/api/v2/companies', 'get'], ['/api/v2/users', 'get'], ['/api/v2/tags', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]).toBeDefined();
    }
  });
});
