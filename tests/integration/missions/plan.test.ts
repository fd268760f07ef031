import { openApiDocument } from '@/lib/server/api/openapi';
import { createBuildingFromJson } from '@/lib/server/missions/create-building';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { deleteBuilding } from '@/lib/server/missions/delete-building';
import { listMissionBuildings } from '@/lib/server/missions/list-mission-buildings';
import { replaceMissionPlanFromJson } from '@/lib/server/missions/replace-mission-plan';
import { updateBuildingFromJson } from '@/lib/server/missions/update-building';
import { endpoints } from '@/lib/shared/api/endpoints';
import * as api from '@/lib/shared/api/endpoints/missions';
import { metresPerDegree, type PolygonGeometry } from '@/lib/shared/geo';
import type { BuildingDto } from '@/lib/shared/schemas/building';
import { buildWorld, missionInput, openTestDb, rectangle, type TestDb, type World } from './fixtures';

// PUT /api/v2/missions/{id}/buildings: the planner saves a mission's whole plan as one change.
let t: TestDb;
let w: World;

beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

/** A square of `side` metres whose south-west corner lies `east` metres east of Marienplatz. */
function square(side: number, east = 100): PolygonGeometry {
  const [lon0, lat] = [11.5755, 48.1374];
  const m = metresPerDegree(lat);
  const lon = lon0 + east / m.lon;
  const [e, n] = [side / m.lon, side / m.lat];
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + e, lat], [lon + e, lat + n], [lon, lat + n], [lon, lat]]] };
}

/** A mission of nord's (customer 6) with three buildings: Haus (3 levels, 4 m storeys), Garage, Schuppen. */
async function nordMission() {
  const m = await createMissionFromJson(
    t.system,
    missionInput(w.companies.nord.id, {
      customerId: w.customers.c6.id,
      buildings: [
        { name: 'Haus', footprint: rectangle(), levels: 3, storeyHeight: 4 },
        { name: 'Garage', footprint: square(6), levels: 1 },
        { name: 'Schuppen', footprint: square(3, 200), levels: 1, type: 'area' },
      ],
    }),
  );
  const [haus, garage, schuppen] = m.buildings as [BuildingDto, BuildingDto, BuildingDto];
  return { id: m.id, haus, garage, schuppen };
}

/** A stored building as the client sends it back unchanged. */
const asListed = (b: BuildingDto) => ({ id: b.id, version: b.version, name: b.name, type: b.type, levels: b.levels, footprint: b.footprint });
/** A stored building as the client names it for removal: id and the version last read. */
const asRemoved = (b: BuildingDto) => ({ id: b.id, version: b.version });

/** Everything the plan verb may write for a mission: its building rows and its building audit events. */
async function snapshot(missionId: number) {
  const buildings = (await t.pool.query('select * from building where mission_id = $1 order by id', [missionId])).rows;
  const audit = (await t.pool.query(`select id from audit_event where entity = 'building' and mission_id = $1 order by id`, [missionId])).rows;
  return { buildings, audit };
}

const buildingAudit = async (missionId: number) =>
  (
    await t.pool.query(`select entity_id, action, diff, actor_id, request_id from audit_event where entity = 'building' and mission_id = $1 order by id`, [missionId])
  ).rows as { entity_id: string; action: string; diff: Record<string, unknown>; actor_id: string; request_id: string }[];

describe('replace a mission plan', () => {
  it('changes, adds and removes buildings in one call, leaves unchanged ones alone and audits each write', async () => {
    const m = await nordMission();
    const result = await replaceMissionPlanFromJson(w.ctx('customer'), {
      missionId: m.id,
      buildings: [
        { ...asListed(m.haus), name: 'Haupthaus', levels: 5 },
        asListed(m.garage),
        { name: 'Carport', type: 'building', levels: 1, footprint: square(10, 300) },
      ],
      removed: [asRemoved(m.schuppen)],
    });
    expect(api.replaceMissionPlan.response.safeParse({ items: result }).success).toBe(true);
    expect(result).toEqual(await listMissionBuildings(w.ctx('customer'), { missionId: m.id }));
    expect(result.map((b) => b.name)).toEqual(['Haupthaus', 'Garage', 'Carport']);
    const [haus, garage, carport] = result as [BuildingDto, BuildingDto, BuildingDto];
    // Changed: new version, measures follow the levels, its own storey height is kept (not sent).
    expect(haus).toMatchObject({ id: m.haus.id, version: 2, levels: 5, storeyHeight: 4 });
    expect(haus.groundArea).toBeCloseTo(200, 0);
    expect(haus.facadeArea).toBeCloseTo(haus.perimeter * 5 * 4, 1);
    expect(haus.facadeArea).toBeGreaterThan(m.haus.facadeArea);
    // Unchanged: same version, no audit event.
    expect(garage).toEqual(m.garage);
    // Added: measured, the documented default storey height.
    expect(carport.id).toBeGreaterThan(m.schuppen.id);
    expect(carport).toMatchObject({ version: 1, storeyHeight: 3 });
    expect(carport.groundArea).toBeCloseTo(100, 0);
    expect(carport.facadeArea).toBeCloseTo(120, 0);

    const audit = await buildingAudit(m.id);
    expect(audit.map((a) => [a.action, Number(a.entity_id)])).toEqual([
      ['update', m.haus.id],
      ['create', carport.id],
      ['delete', m.schuppen.id],
    ]);
    expect(audit.every((a) => a.actor_id === w.ids.customer && a.request_id === 'req-customer')).toBe(true);
    expect(audit[0]!.diff).toEqual({ name: ['Haus', 'Haupthaus'], levels: [3, 5], facadeArea: [m.haus.facadeArea, haus.facadeArea] });
    expect(audit[1]!.diff).toEqual({ name: 'Carport', type: 'building', levels: 1, groundArea: carport.groundArea, facadeArea: carport.facadeArea, perimeter: carport.perimeter });
    expect(audit[2]!.diff).toEqual({ name: 'Schuppen', type: 'area', groundArea: m.schuppen.groundArea });
  });

  it('refuses a stale version with 409 and writes nothing, even when the earlier items were fine', async () => {
    const m = await nordMission();
    const before = await snapshot(m.id);
    const stale = replaceMissionPlanFromJson(w.ctx('customer'), {
      missionId: m.id,
      buildings: [
        { ...asListed(m.haus), levels: 7 },
        { name: 'Neu', type: 'building', levels: 2, footprint: square(5, 400) },
        { ...asListed(m.garage), name: 'Garage alt', version: m.garage.version + 1 },
      ],
      removed: [asRemoved(m.schuppen)],
    });
    await expect(stale).rejects.toMatchObject({ code: 'version_conflict', status: 409 });
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('serialises two saves of the same plan: the second waits for the first and then finds its versions stale', async () => {
    const m = await nordMission();
    const save = (name: string) => replaceMissionPlanFromJson(w.ctx('customer'), { missionId: m.id, buildings: [{ ...asListed(m.haus), name }, asListed(m.garage)], removed: [asRemoved(m.schuppen)] });
    const outcomes = await Promise.allSettled([save('Erster'), save('Zweiter')]);
    const won = outcomes.filter((o) => o.status === 'fulfilled') as PromiseFulfilledResult<BuildingDto[]>[];
    const lost = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(lost[0]!.reason).toMatchObject({ code: 'version_conflict' });
    expect(await listMissionBuildings(w.ctx('customer'), { missionId: m.id })).toEqual(won[0]!.value);
    expect((await buildingAudit(m.id)).map((a) => a.action)).toEqual(['update', 'delete']);
  });

  it('refuses a building of another mission (404, as for an unknown id) and writes nothing to either mission', async () => {
    const m = await nordMission();
    const other = await nordMission();
    const before = [await snapshot(m.id), await snapshot(other.id)];
    for (const foreign of [other.garage, { ...other.garage, id: 999_999_999 }]) {
      const kept = replaceMissionPlanFromJson(w.ctx('customer'), {
        missionId: m.id,
        buildings: [{ ...asListed(m.haus), levels: 9 }, { name: 'Neu', type: 'building', levels: 1, footprint: square(5, 400) }, asListed(foreign)],
        removed: [asRemoved(m.garage), asRemoved(m.schuppen)],
      });
      await expect(kept).rejects.toMatchObject({ code: 'not_found', status: 404, message: 'building not found' });
      // Named for removal: the same answer, the other mission's building stays.
      const removed = replaceMissionPlanFromJson(w.ctx('customer'), {
        missionId: m.id,
        buildings: [{ ...asListed(m.haus), levels: 9 }, asListed(m.garage)],
        removed: [asRemoved(m.schuppen), asRemoved(foreign)],
      });
      await expect(removed).rejects.toMatchObject({ code: 'not_found', status: 404, message: 'building not found' });
    }
    expect([await snapshot(m.id), await snapshot(other.id)]).toEqual(before);
  });

  it('refuses an empty plan and malformed items (validation, 400 as every validation error here)', async () => {
    const m = await nordMission();
    const before = await snapshot(m.id);
    const fields = async (buildings: unknown[]) => {
      const err = (await replaceMissionPlanFromJson(w.ctx('admin'), { missionId: m.id, buildings: buildings as never }).catch((e: unknown) => e)) as {
        code?: string;
        status?: number;
        details?: { fields?: Record<string, string[]> };
      };
      expect(err).toMatchObject({ code: 'validation', status: 400 });
      return Object.keys(err.details?.fields ?? {});
    };
    expect(await fields([])).toEqual(['buildings']);
    // An id needs its version (and a version its id).
    expect(await fields([{ ...asListed(m.haus), version: undefined }])).toEqual(['buildings.0.version']);
    expect(await fields([{ name: 'Neu', type: 'building', levels: 1, footprint: square(5), version: 1 }])).toEqual(['buildings.0.version']);
    // The same building twice.
    expect(await fields([asListed(m.haus), { ...asListed(m.haus), name: 'Doppelt' }])).toEqual(['buildings']);
    // A nameless building, an unknown field.
    expect(await fields([{ ...asListed(m.haus), name: '  ' }])).toEqual(['buildings.0.name']);
    expect(await fields([{ ...asListed(m.haus), missionId: 1 }])).toEqual(['buildings.0']);
    const withRemoved = async (removed: unknown[]) => {
      const err = (await replaceMissionPlanFromJson(w.ctx('admin'), { missionId: m.id, buildings: [asListed(m.haus), asListed(m.garage)], removed: removed as never }).catch(
        (e: unknown) => e,
      )) as { code?: string; details?: { fields?: Record<string, string[]> } };
      expect(err).toMatchObject({ code: 'validation', status: 400 });
      return err.details?.fields;
    };
    // A building both kept and removed, one removed twice, a removal without its version.
    expect(await withRemoved([asRemoved(m.schuppen), asRemoved(m.garage)])).toEqual({ 'removed.1.id': ['errors.missions.keptAndRemoved'] });
    expect(await withRemoved([asRemoved(m.schuppen), asRemoved(m.schuppen)])).toEqual({ removed: ['errors.missions.listedTwice'] });
    expect(Object.keys((await withRemoved([{ id: m.schuppen.id }]))!)).toEqual(['removed.0.version']);
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('is refused as requireMission refuses: 403 for a customer of another company, 404 for an unknown mission', async () => {
    const m = await nordMission();
    const before = await snapshot(m.id);
    const plan = { missionId: m.id, buildings: [{ ...asListed(m.haus), levels: 9 }], removed: [asRemoved(m.garage), asRemoved(m.schuppen)] };
    await expect(replaceMissionPlanFromJson(w.ctx('customer2'), plan)).rejects.toMatchObject({ code: 'not_authorized', status: 403, message: 'not authorized to access mission id' });
    // The provider's operator does not see nord's missions at all.
    await expect(replaceMissionPlanFromJson(w.ctx('operator'), plan)).rejects.toMatchObject({ code: 'not_authorized' });
    await expect(replaceMissionPlanFromJson(w.ctx('customer'), { ...plan, missionId: 999_999_999 })).rejects.toMatchObject({ code: 'not_found', message: 'mission not found' });
    expect(await snapshot(m.id)).toEqual(before);
    // Internal users may edit every mission's plan.
    expect((await replaceMissionPlanFromJson(w.ctx('admin'), plan)).map((b) => b.levels)).toEqual([9]);
  });

  it('refuses with 409 and writes nothing when someone added a building after the plan was read, instead of deleting it', async () => {
    const m = await nordMission();
    // Read: Haus, Garage, Schuppen. Meanwhile someone else adds a carport.
    const carport = await createBuildingFromJson(w.ctx('admin'), { missionId: m.id, name: 'Carport', footprint: square(8, 500) });
    const before = await snapshot(m.id);
    const plan = {
      missionId: m.id,
      buildings: [{ ...asListed(m.haus), levels: 4 }, asListed(m.garage), { name: 'Neu', type: 'building' as const, levels: 1, footprint: square(5, 400) }],
      removed: [asRemoved(m.schuppen)],
    };
    await expect(replaceMissionPlanFromJson(w.ctx('customer'), plan)).rejects.toMatchObject({ code: 'version_conflict', status: 409 });
    expect(await snapshot(m.id)).toEqual(before);
    // An API client that sends no `removed` at all cannot drop buildings either.
    const { removed: _removed, ...withoutRemoved } = plan;
    await expect(replaceMissionPlanFromJson(w.ctx('customer'), withoutRemoved)).rejects.toMatchObject({ code: 'version_conflict' });
    expect(await snapshot(m.id)).toEqual(before);
    // Having seen the carport, the client keeps it (or names it as removed) and the save goes through.
    const saved = await replaceMissionPlanFromJson(w.ctx('customer'), { ...plan, buildings: [...plan.buildings, asListed(carport)] });
    expect(saved.map((b) => b.name)).toEqual(['Haus', 'Garage', 'Carport', 'Neu']);
    const again = await replaceMissionPlanFromJson(w.ctx('customer'), {
      missionId: m.id,
      buildings: saved.filter((b) => b.id !== carport.id).map(asListed),
      removed: [asRemoved(carport)],
    });
    expect(again.map((b) => b.name)).toEqual(['Haus', 'Garage', 'Neu']);
  });

  it('refuses a removal at a stale version with 409 and writes nothing', async () => {
    const m = await nordMission();
    // Meanwhile someone else changes the shed the user is about to remove.
    await updateBuildingFromJson(w.ctx('admin'), { id: m.schuppen.id, version: m.schuppen.version, levels: 2 });
    const before = await snapshot(m.id);
    const stale = replaceMissionPlanFromJson(w.ctx('customer'), {
      missionId: m.id,
      buildings: [{ ...asListed(m.haus), name: 'Haupthaus' }, asListed(m.garage)],
      removed: [asRemoved(m.schuppen)],
    });
    await expect(stale).rejects.toMatchObject({ code: 'version_conflict', status: 409 });
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('answers 404 for a removal of a building someone else removed meanwhile, and writes nothing', async () => {
    const m = await nordMission();
    await deleteBuilding(w.ctx('admin'), { id: m.schuppen.id });
    const before = await snapshot(m.id);
    const gone = replaceMissionPlanFromJson(w.ctx('customer'), {
      missionId: m.id,
      buildings: [{ ...asListed(m.haus), name: 'Haupthaus' }, asListed(m.garage)],
      removed: [asRemoved(m.schuppen)],
    });
    await expect(gone).rejects.toMatchObject({ code: 'not_found', status: 404, message: 'building not found' });
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('appears in the OpenAPI document as PUT on the buildings collection', () => {
    const doc = openApiDocument(endpoints, 'http://localhost') as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.paths['/api/v2/missions/{id}/buildings']).toEqual(expect.objectContaining({ get: expect.anything(), post: expect.anything(), put: expect.anything() }));
    expect(doc.paths['/api/v2/missions/{id}/buildings']!.put!.requestBody).toBeDefined();
  });
});
