import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditEvent } from '@/lib/server/db/schema';
import { storage } from '@/lib/server/storage';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { RENDERED_SLICE_MAX_BYTES, type RenderedSliceDto } from '@/lib/shared/schemas/rendered-slice';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';

/*
 * Issue 16 "export slice view" and spec §2 mission detail "rendered slices": a slice view the
 * viewer rendered is uploaded as a raw PNG to /api/v2/missions/{id}/rendered-slices, stored with
 * the mission, listed, served and deleted, by real signed-in users of the authorization matrix.
 */
jest.setTimeout(120_000);

let app: AppWorld;
let routes: {
  list: typeof import('@/app/api/v2/missions/[id]/rendered-slices/route');
  item: typeof import('@/app/api/v2/missions/[id]/rendered-slices/[sliceId]/route');
  image: typeof import('@/app/api/v2/missions/[id]/rendered-slices/[sliceId]/image/route');
  measurements: typeof import('@/app/api/v2/missions/[id]/measurements/route');
};
let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  app = await openAppWorld('rendered-slices');
  routes = {
    list: await import('@/app/api/v2/missions/[id]/rendered-slices/route'),
    item: await import('@/app/api/v2/missions/[id]/rendered-slices/[sliceId]/route'),
    image: await import('@/app/api/v2/missions/[id]/rendered-slices/[sliceId]/image/route'),
    measurements: await import('@/app/api/v2/missions/[id]/measurements/route'),
  };
  png = new Uint8Array(await sharp({ create: { width: 40, height: 24, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer());
});
afterAll(() => app?.close());

const roles: Role[] = ['admin', 'advanced', 'operator', 'customer', 'customer2', 'external'];
const PNG = { 'content-type': 'image/png' };
const query = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

const upload = (role: Role, missionId: number, raw: Uint8Array<ArrayBuffer>, q: Record<string, string | number> = { name: 'Schnitt Nord', scale: 50, dpi: 150 }, headers: Record<string, string> = PNG) =>
  callAs(routes.list.POST, role, 'POST', `/api/v2/missions/${missionId}/rendered-slices?${query(q)}`, { params: { id: String(missionId) }, headers, raw });
const list = (role: Role, missionId: number) => callAs(routes.list.GET, role, 'GET', `/api/v2/missions/${missionId}/rendered-slices`, { params: { id: String(missionId) } });
const image = (role: Role, missionId: number, id: number, download = false) =>
  callAs(routes.image.GET, role, 'GET', `/api/v2/missions/${missionId}/rendered-slices/${id}/image${download ? '?download=1' : ''}`, { params: { id: String(missionId), sliceId: String(id) } });
const remove = (role: Role, missionId: number, id: number) =>
  callAs(routes.item.DELETE, role, 'DELETE', `/api/v2/missions/${missionId}/rendered-slices/${id}`, { params: { id: String(missionId), sliceId: String(id) } });

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: { fields?: Record<string, unknown> } } }).error;
const created = async (res: Response) => {
  expect(res.status).toBe(201);
  return (await res.json()) as RenderedSliceDto;
};
async function statuses(run: (role: Role) => Promise<Response>) {
  const out: Record<string, number> = {};
  for (const role of roles) out[role] = (await run(role)).status;
  return out;
}

describe('who exports and sees slice views', () => {
  it('stores a PNG from those who may edit the mission and refuses everyone else', async () => {
    const { m } = app.w;
    expect(await statuses((r) => upload(r, m.nord.id, png, { name: `von ${r}`, scale: 100, dpi: 72 }))).toEqual({
      admin: 201, advanced: 201, operator: 403, customer: 201, customer2: 403, external: 403,
    });
    // A mission only shared with a customer is read-only for them, as the viewer's items are.
    expect((await upload('customer', m.rheinShared.id, png)).status).toBe(403);
    expect((await errorOf(await upload('admin', 999_999, png))).code).toBe('not_found');
  });

  it('lists and serves them to everyone who sees the mission, newest first, with the size read from the PNG', async () => {
    const { m } = app.w;
    const slice = await created(await upload('customer', m.nord.id, png, { name: 'Ansicht Süd', scale: 50, dpi: 300 }));
    expect(slice).toMatchObject({ missionId: m.nord.id, name: 'Ansicht Süd', scale: 50, dpi: 300, widthPx: 40, heightPx: 24, sizeBytes: png.byteLength, sliceId: null });
    expect(await statuses((r) => list(r, m.nord.id))).toEqual({ admin: 200, advanced: 200, operator: 403, customer: 200, customer2: 403, external: 403 });
    const items = ((await (await list('advanced', m.nord.id)).json()) as { items: RenderedSliceDto[] }).items;
    expect(items[0]).toEqual(slice);

    const shown = await image('admin', m.nord.id, slice.id);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(png);
    const saved = await image('customer', m.nord.id, slice.id, true);
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(saved.headers.get('content-disposition')).toContain('1-50.png');

    // Another company's customer learns nothing; an id under another mission is not found.
    expect((await errorOf(await image('customer2', m.nord.id, slice.id))).message).toBe('not authorized to access mission id');
    expect((await image('admin', m.rheinShared.id, slice.id)).status).toBe(404);
    expect((await image('admin', m.nord.id, 999_999)).status).toBe(404);
  });

  it('names the slice it shows, only a slice of the same mission', async () => {
    const { m } = app.w;
    const make = async (missionId: number, kind: 'slice' | 'distance') => {
      const body =
        kind === 'slice'
          ? { kind, name: 'Schnitt', data: { centre: [10, 20, 5], size: [12, 0.3, 8], rotation: 0, width: 0.3 } }
          : { kind, name: 'Strecke', points: [[0, 0, 0], [1, 0, 0]] };
      const res = await callAs(routes.measurements.POST, 'admin', 'POST', `/api/v2/missions/${missionId}/measurements`, { params: { id: String(missionId) }, json: body });
      expect(res.status).toBe(201);
      return (await res.json()) as MeasurementDto;
    };
    const own = await make(m.nord.id, 'slice');
    const withSlice = await created(await upload('customer', m.nord.id, png, { name: 'Mit Schnitt', scale: 20, dpi: 150, sliceId: own.id }));
    expect(withSlice.sliceId).toBe(own.id);
    for (const other of [await make(m.rheinShared.id, 'slice'), await make(m.nord.id, 'distance')]) {
      const res = await upload('admin', m.nord.id, png, { name: 'x', scale: 50, dpi: 150, sliceId: other.id });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).details?.fields).toEqual({ sliceId: [expect.objectContaining({ key: 'validation.invalidOption' })] });
    }
  });
});

describe('bad input', () => {
  it('refuses what is not a complete PNG by its content, whatever the declared type', async () => {
    const { m } = app.w;
    const jpeg = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer());
    for (const raw of [jpeg, png.slice(0, png.byteLength - 20), new TextEncoder().encode('not a picture at all, but long enough to look like one')]) {
      const res = await upload('admin', m.nord.id, raw);
      expect(res.status).toBe(415);
      expect((await errorOf(res)).code).toBe('unsupported_media_type');
    }
    expect((await upload('admin', m.nord.id, png, undefined, { 'content-type': 'application/octet-stream' })).status).toBe(415);
    expect((await upload('admin', m.nord.id, new Uint8Array(0))).status).toBe(415);
  });

  it('cuts off a body beyond the limit with 413 and stores nothing', async () => {
    const { m } = app.w;
    const before = (await (await list('admin', m.nord.id)).json()) as { items: unknown[] };
    const big = new Uint8Array(RENDERED_SLICE_MAX_BYTES + 1);
    big.set(png.subarray(0, 16));
    const res = await upload('admin', m.nord.id, big);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('payload_too_large');
    expect(((await (await list('admin', m.nord.id)).json()) as { items: unknown[] }).items).toHaveLength(before.items.length);
  });

  it('checks the name, scale and resolution with the one error envelope', async () => {
    const { m } = app.w;
    for (const q of [{ name: '', scale: 50, dpi: 150 }, { name: 'x', scale: 0, dpi: 150 }, { name: 'x', scale: 50, dpi: 'hoch' }, { name: 'x', scale: 1.5, dpi: 150 }]) {
      const res = await upload('admin', m.nord.id, png, q);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('validation');
    }
  });
});

describe('deleting', () => {
  it('deletes a slice view and its picture for those who may edit, audited', async () => {
    const { m } = app.w;
    const slice = await created(await upload('customer', m.nord.id, png, { name: 'Weg damit', scale: 200, dpi: 72 }));
    const [row] = await app.t.db.select().from(auditEvent).where(and(eq(auditEvent.entity, 'rendered_slice'), eq(auditEvent.entityId, String(slice.id))));
    expect(row).toMatchObject({ entity: 'rendered_slice', action: 'create', missionId: m.nord.id });
    expect((await remove('customer2', m.nord.id, slice.id)).status).toBe(403);
    expect((await remove('operator', m.nord.id, slice.id)).status).toBe(403);
    expect((await remove('customer', m.nord.id, slice.id)).status).toBe(204);
    expect((await image('customer', m.nord.id, slice.id)).status).toBe(404);
    expect((await remove('customer', m.nord.id, slice.id)).status).toBe(404);
    const keys: string[] = [];
    for await (const entry of storage().list(`missions/${m.nord.id}/rendered-slices/`)) keys.push(entry.key);
    const listed = ((await (await list('admin', m.nord.id)).json()) as { items: RenderedSliceDto[] }).items;
    // Every picture left belongs to a listed slice view.
    expect(keys).toHaveLength(listed.length);
  });
});
