import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import type { PolygonGeometry } from '@/lib/shared/geo';
import { startHarness, type Harness } from '../admin-users/harness';

/*
 * Issue 13 point 3: authorization is decided from the path before the body is read, so a caller
 * who may not act on a mission learns nothing from a 400 about what the body should have been.
 */
jest.setTimeout(60_000);

let h: Harness;
let foreignMission: { id: number; version: number };
let ownMission: { id: number; version: number };
let customerCookie: string;
let routes: { mission: typeof import('@/app/api/v2/missions/[id]/route'); close: typeof import('@/app/api/v2/missions/[id]/close/route') };

const footprint: PolygonGeometry = { type: 'Polygon', coordinates: [[[11.575, 48.137], [11.5752, 48.137], [11.5752, 48.1372], [11.575, 48.1372], [11.575, 48.137]]] };

beforeAll(async () => {
  h = await startHarness();
  const { createMissionFromJson: createMission } = await import('@/lib/server/missions/create-mission');
  const { createDomainContext } = await import('@/lib/server/domain/contexts');
  const system = createDomainContext({ actor: SYSTEM_ACTOR });
  const input = (companyId: number, customerId: number) => ({
    name: 'Aufmaß Teststraße 1',
    companyId,
    customerId,
    products: ['pointcloud' as const],
    pclDeliveryDate: '2026-05-07',
    buildings: [{ name: 'Haus', footprint, levels: 3 }],
  });
  foreignMission = await createMission(system, input(h.otherCompanyId, h.otherCustomer.id));
  ownMission = await createMission(system, input(h.companyId, h.customer.id));
  const { email } = await h.createUser({ roles: ['customer'], customerID: h.customer.customerNumber }, 'customer');
  customerCookie = (await h.signIn(email)).cookie;
  routes = { mission: await import('@/app/api/v2/missions/[id]/route'), close: await import('@/app/api/v2/missions/[id]/close/route') };
});
afterAll(() => h?.stop());

const patch = (id: number, json: unknown) => h.call(routes.mission.PATCH, 'PATCH', `/api/v2/missions/${id}`, { cookie: customerCookie, params: { id: String(id) }, json });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details: Record<string, unknown> } }).error;

describe('authorization before body validation', () => {
  it("answers a customer PATCHing another company's mission with an invalid body 403, not 400", async () => {
    const res = await patch(foreignMission.id, { version: 'not a number', description: 42, unknown: true });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: 'not_authorized', message: 'not authorized to access mission id', details: { key: 'errors.notAuthorizedMission' } });
    expect(error.details.fields).toBeUndefined();
  });

  it('answers 404 for an unknown mission whatever the body', async () => {
    const res = await patch(999_999, { version: 'x' });
    expect([res.status, (await errorOf(res)).code]).toEqual([404, 'not_found']);
  });

  it('refuses an action the customer may not take (close) before reading its body', async () => {
    const res = await h.call(routes.close.POST, 'POST', `/api/v2/missions/${ownMission.id}/close`, { cookie: customerCookie, params: { id: String(ownMission.id) }, json: { version: 'x' } });
    expect([res.status, (await errorOf(res)).code]).toEqual([403, 'not_authorized']);
  });

  it('answers the customer on their own mission with field errors as { key, message }', async () => {
    const res = await patch(ownMission.id, { version: 'x', description: 'Bitte Keller mit erfassen' });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation');
    expect(error.details).toMatchObject({ key: 'errors.code.validation', fields: { version: [{ key: 'validation.invalidType', message: 'The value has the wrong type' }] } });
  });
});
