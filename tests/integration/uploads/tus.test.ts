import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PolygonGeometry } from '@/lib/shared/geo';
import { lasFile } from '@/tests/support/las-fixture';
import { startHarness, type Harness } from '../admin-users/harness';
import { checksumHeader, idOf, loadRoutes, sha256, tusClient, type Routes } from './tus-client';

/*
 * Issue 14 point 1 against the real server: tus 1.0 through the route handlers, real PostgreSQL,
 * the real identity service for sessions, the filesystem store under a temporary storage root.
 */
jest.setTimeout(120_000);

const MiB = 1024 * 1024;
const REQUEST = 256 * 1024;
const storageDir = mkdtempSync(join(tmpdir(), 'argus-uploads-'));
process.env.STORAGE_DIR = storageDir;
process.env.UPLOAD_MAX_BYTES = String(8 * MiB);
process.env.UPLOAD_REQUEST_BYTES = String(REQUEST);
process.env.MISSION_QUOTA_BYTES = String(12 * MiB);

let h: Harness;
let routes: Routes;
let q: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
const cookies: Record<'admin' | 'operator' | 'customer' | 'otherOperator', string> = { admin: '', operator: '', customer: '', otherOperator: '' };
const missions: Record<'own' | 'other' | 'quota', number> = { own: 0, other: 0, quota: 0 };

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details: Record<string, unknown> } }).error;
const staged = (id: string) => join(storageDir, 'objects', 'tmp', 'tus', id);

beforeAll(async () => {
  h = await startHarness();
  const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
  const { systemContext } = await import('@/lib/server/domain/contexts');
  const { pool } = await import('@/lib/server/db/client');
  q = async (text, values = []) => (await pool().query(text, values)).rows as Record<string, unknown>[];
  const system = systemContext();
  const footprint: PolygonGeometry = { type: 'Polygon', coordinates: [[[11.575, 48.137], [11.5752, 48.137], [11.5752, 48.1372], [11.575, 48.1372], [11.575, 48.137]]] };
  const input = (companyId: number, customerId: number) => ({ name: 'Aufmaß Halle', companyId, customerId, products: ['pointcloud' as const], buildings: [{ name: 'Halle', footprint, levels: 1 }] });
  missions.own = (await createMissionFromJson(system, input(h.companyId, h.customer.id))).id;
  missions.quota = (await createMissionFromJson(system, input(h.companyId, h.customer.id))).id;
  missions.other = (await createMissionFromJson(system, input(h.otherCompanyId, h.otherCustomer.id))).id;
  const users = {
    admin: { roles: ['admin'] },
    operator: { roles: ['operator'], customerID: h.customer.customerNumber },
    customer: { roles: ['customer'], customerID: h.customer.customerNumber },
    otherOperator: { roles: ['operator'], customerID: h.otherCustomer.customerNumber },
  };
  for (const [key, metadata] of Object.entries(users) as [keyof typeof cookies, Record<string, unknown>][]) {
    const { email } = await h.createUser(metadata, key);
    cookies[key] = (await h.signIn(email)).cookie;
  }
  routes = await loadRoutes();
});
afterAll(async () => {
  const { jobQueue } = await import('@/lib/server/jobs/enqueue');
  await (jobQueue() as unknown as { stop?: () => Promise<void> }).stop?.();
  await h?.stop();
});

const scan = (missionId = missions.own, filename = 'Halle Nord.las', datasetType = 'indoor') => ({ missionId, filename, purpose: 'scan', datasetType });

/** Sends `bytes` from `offset` in requests of REQUEST bytes with sha256 checksums; returns the last answer. */
async function sendFrom(client: ReturnType<typeof tusClient>, id: string, bytes: Uint8Array, offset: number): Promise<Response> {
  let res: Response | undefined;
  for (let at = offset; at < bytes.byteLength; at += REQUEST) {
    const part = bytes.subarray(at, Math.min(at + REQUEST, bytes.byteLength));
    res = await client.patch(id, at, part, { headers: { 'Upload-Checksum': checksumHeader(part) } });
    expect(res.status).toBe(204);
    expect(Number(res.headers.get('upload-offset'))).toBe(at + part.byteLength);
  }
  return res!;
}

describe('tus capabilities', () => {
  it('answers OPTIONS with tus 1.0.0, its extensions, checksum algorithms and the request size', async () => {
    const res = await routes.collection.OPTIONS(new Request('http://argus.test/api/v2/uploads', { method: 'OPTIONS' }));
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toBe('creation,termination,expiration,checksum');
    expect(res.headers.get('tus-checksum-algorithm')).toBe('sha1,sha256');
    expect(res.headers.get('tus-max-size')).toBe(String(8 * MiB));
    expect(res.headers.get('argus-upload-request-bytes')).toBe(String(REQUEST));
  });
});

describe('a scan upload, interrupted and resumed', () => {
  it('ends with the identical file, its mission file, the dataset, a queued dataset.import and the mission uploaded', async () => {
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(30_000); // 600 227 bytes
    const created = await client.create(las.byteLength, scan());
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(/^\/api\/v2\/uploads\/[0-9a-f]{32}$/);
    expect(Date.parse(created.headers.get('upload-expires') ?? '')).toBeGreaterThan(Date.now() + 71 * 3600_000);
    const id = idOf(created);
    const [ds] = await q('select d.* from dataset d join upload u on u.dataset_id = d.id where u.id = $1', [id]);
    expect(ds).toMatchObject({ status: 'uploading', progress: 0, type: 'indoor', filename: 'Halle Nord.las', mission_id: String(missions.own) });
    expect(ds!.dataset_id).toMatch(new RegExp(`^${missions.own}-\\d{8}-[0-9a-f]{6}$`));

    const first = las.subarray(0, REQUEST);
    const res1 = await client.patch(id, 0, first, { headers: { 'Upload-Checksum': checksumHeader(first) } });
    expect([res1.status, res1.headers.get('upload-offset')]).toEqual([204, String(REQUEST)]);
    expect((await q('select content_kind, "offset" from upload where id = $1', [id]))[0]).toEqual({ content_kind: 'las', offset: String(REQUEST) });

    // The connection drops in the middle of the second request: 100 KiB arrive, then an error.
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(las.subarray(REQUEST, REQUEST + 100 * 1024));
        setTimeout(() => controller.error(new Error('connection reset')), 20);
      },
    });
    await client.patch(id, REQUEST, cut, { headers: { 'Content-Length': String(REQUEST) } }).catch(() => undefined);
    const head = await client.head(id);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-length')).toBe(String(las.byteLength));
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(REQUEST);
    expect(offset).toBeLessThanOrEqual(REQUEST + 100 * 1024);

    const last = await sendFrom(client, id, las, offset);
    expect(last.headers.get('upload-offset')).toBe(String(las.byteLength));

    const [row] = await q('select * from upload where id = $1', [id]);
    const key = `missions/${missions.own}/uploads/${id}/Halle Nord.las`;
    expect(row).toMatchObject({ state: 'finished', offset: String(las.byteLength), sha256: sha256(las), storage_key: key, content_kind: 'las' });
    expect(sha256(readFileSync(join(storageDir, 'objects', ...key.split('/'))))).toBe(sha256(las));
    expect(existsSync(staged(id))).toBe(false);
    expect(existsSync(`${staged(id)}.json`)).toBe(false);
    const [file] = await q('select * from mission_file where storage_key = $1', [key]);
    expect(file).toMatchObject({ kind: 'scan', filename: 'Halle Nord.las', size_bytes: String(las.byteLength), sha256: sha256(las), content_type: 'application/vnd.las', dataset_id: ds!.id });
    const [after] = await q('select * from dataset where id = $1', [ds!.id]);
    expect(after).toMatchObject({ status: 'uploading', progress: 100, storage_key: key, size_bytes: String(las.byteLength) });
    const jobs = await q("select input, mission_id, state from job where type = 'dataset.import'");
    expect(jobs).toContainEqual({ input: { datasetId: Number(ds!.id) }, mission_id: String(missions.own), state: 'queued' });
    expect((await q('select status from mission where id = $1', [missions.own]))[0]).toEqual({ status: 'uploaded' });
    const trail = await q('select entity, action from audit_event where mission_id = $1 order by id', [missions.own]);
    expect(trail).toEqual(expect.arrayContaining([
      { entity: 'dataset', action: 'create' },
      { entity: 'upload', action: 'create' },
      { entity: 'upload', action: 'finish' },
      { entity: 'mission', action: 'update' },
    ]));

    // A finished upload still answers HEAD (a client that lost the last answer), refuses more bytes and termination.
    const done = await client.head(id);
    expect([done.status, done.headers.get('upload-offset')]).toEqual([200, String(las.byteLength)]);
    expect((await client.patch(id, las.byteLength, new Uint8Array(1))).status).toBe(409);
    expect((await client.delete(id)).status).toBe(409);
  });
});

describe('uploads finishing at once', () => {
  it('finishes several scans of one mission at the same moment without a deadlock', async () => {
    const client = tusClient(routes, cookies.operator);
    const files = [lasFile(20_000), lasFile(21_000), lasFile(22_000)];
    const ids: string[] = [];
    for (const [i, las] of files.entries()) {
      const id = idOf(await client.create(las.byteLength, scan(missions.own, `gleichzeitig-${i}.las`)));
      await sendFrom(client, id, las.subarray(0, REQUEST), 0);
      ids.push(id);
    }
    const last = await Promise.all(files.map((las, i) => sendFrom(client, ids[i]!, las, REQUEST)));
    expect(last.map((res) => res.status)).toEqual([204, 204, 204]);
    expect((await q('select state from upload where id = any($1)', [ids])).map((r) => r.state)).toEqual(['finished', 'finished', 'finished']);
  });
});

describe('an app restart', () => {
  it('continues an upload with a new server instance: the state lives in the store and our row', async () => {
    const { createUploadService } = await import('@/lib/server/uploads/tus-server');
    const { handleUploadRequest } = await import('@/lib/server/uploads/handle-upload');
    const { tusAreaFromEnv } = await import('@/lib/server/uploads/tus-area');
    const { uploadLimits } = await import('@/lib/server/uploads/limits');
    const { env } = await import('@/lib/server/env');
    const { storage } = await import('@/lib/server/storage');
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(20_000);
    const id = idOf(await client.create(las.byteLength, scan(missions.own, 'neustart.las')));
    await sendFrom(client, id, las.subarray(0, REQUEST), 0);

    // A fresh process: new tus server, new store object, nothing in memory from before.
    const restarted = createUploadService(tusAreaFromEnv(env(), storage()), uploadLimits());
    const item: Routes['item'] = {
      HEAD: async (r, c) => handleUploadRequest(r, (await c.params).id, restarted),
      PATCH: async (r, c) => handleUploadRequest(r, (await c.params).id, restarted),
      DELETE: async (r, c) => handleUploadRequest(r, (await c.params).id, restarted),
    };
    const after = tusClient({ ...routes, item }, cookies.operator);
    expect((await after.head(id)).headers.get('upload-offset')).toBe(String(REQUEST));
    await sendFrom(after, id, las, REQUEST);
    expect((await q('select state, sha256 from upload where id = $1', [id]))[0]).toEqual({ state: 'finished', sha256: sha256(las) });
  });
});

describe('checks before a byte is kept', () => {
  it('answers a checksum mismatch with 460 and appends nothing; an unknown algorithm is 400', async () => {
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(100);
    const id = idOf(await client.create(las.byteLength, scan()));
    const wrong = await client.patch(id, 0, las, { headers: { 'Upload-Checksum': checksumHeader(las.subarray(1)) } });
    expect(wrong.status).toBe(460);
    expect((await client.head(id)).headers.get('upload-offset')).toBe('0');
    const md5 = await client.patch(id, 0, las, { headers: { 'Upload-Checksum': 'md5 1B2M2Y8AsgTpgAmY7PhCfg==' } });
    expect([md5.status, (await errorOf(md5)).code]).toEqual([400, 'bad_request']);
    const sha1 = await client.patch(id, 0, las, { headers: { 'Upload-Checksum': checksumHeader(las, 'sha1') } });
    expect([sha1.status, sha1.headers.get('upload-offset')]).toEqual([204, String(las.byteLength)]);
  });

  it('takes back a streamed middle request whose checksum does not match or whose body was cut off', async () => {
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(20_000);
    const id = idOf(await client.create(las.byteLength, scan(missions.own, 'mitte.las')));
    await sendFrom(client, id, las.subarray(0, REQUEST), 0);
    const middle = las.subarray(REQUEST, 2 * REQUEST);
    const wrong = await client.patch(id, REQUEST, middle, { headers: { 'Upload-Checksum': checksumHeader(las.subarray(0, REQUEST)) } });
    expect(wrong.status).toBe(460);
    expect((await client.head(id)).headers.get('upload-offset')).toBe(String(REQUEST));
    expect(readFileSync(staged(id)).byteLength).toBe(REQUEST);

    // A body that breaks off after half its bytes: the half that reached the store goes again.
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(middle.slice(0, REQUEST / 2));
        controller.error(new Error('connection reset'));
      },
    });
    const broken = await client.patch(id, REQUEST, cut, { headers: { 'Upload-Checksum': checksumHeader(middle), 'Content-Length': String(middle.byteLength) } }).catch(() => null);
    expect(broken?.status).not.toBe(204);
    expect((await client.head(id)).headers.get('upload-offset')).toBe(String(REQUEST));
    await sendFrom(client, id, las, REQUEST);
    expect((await q('select state, sha256 from upload where id = $1', [id]))[0]).toEqual({ state: 'finished', sha256: sha256(las) });
  });

  it('refuses a JPEG sent as a scan with 415, removes its bytes, the upload and its dataset', async () => {
    const client = tusClient(routes, cookies.operator);
    const created = await client.create(JPEG.byteLength, scan(missions.own, 'scan.las'));
    const id = idOf(created);
    expect(existsSync(staged(id))).toBe(true);
    const res = await client.patch(id, 0, JPEG);
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await errorOf(res)).toMatchObject({ code: 'unsupported_media_type', details: { key: 'errors.uploads.wrongContent', detected: 'jpeg', purpose: 'scan' } });
    expect(existsSync(staged(id))).toBe(false);
    expect((await client.head(id)).status).toBe(404);
    expect((await q('select state, dataset_id from upload where id = $1', [id]))[0]).toEqual({ state: 'failed', dataset_id: null });
    expect(await q("select 1 from dataset where filename = 'scan.las'")).toEqual([]);
  });

  it('accepts a PDF as CAD from an internal user, a JPEG as a photo, but not a PDF as a photo', async () => {
    const admin = tusClient(routes, cookies.admin);
    const cad = idOf(await admin.create(PDF.byteLength, { missionId: missions.own, filename: 'Grundriss EG.pdf', purpose: 'cad' }));
    expect((await admin.patch(cad, 0, PDF)).status).toBe(204);
    expect((await q('select kind, content_type, dataset_id from mission_file where filename = $1', ['Grundriss EG.pdf']))[0]).toEqual({ kind: 'cad', content_type: 'application/pdf', dataset_id: null });
    const photo = idOf(await admin.create(JPEG.byteLength, { missionId: missions.own, filename: 'Fassade.jpg', purpose: 'photo' }));
    expect((await admin.patch(photo, 0, JPEG)).status).toBe(204);
    const notPhoto = idOf(await admin.create(PDF.byteLength, { missionId: missions.own, filename: 'x.jpg', purpose: 'photo' }));
    expect((await admin.patch(notPhoto, 0, PDF)).status).toBe(415);
  });

  it('refuses an Upload-Length over UPLOAD_MAX_BYTES or over the rest of the quota with 413 before any byte', async () => {
    const client = tusClient(routes, cookies.operator);
    const count = async () => Number((await q('select count(*) as n from upload where mission_id = $1', [missions.quota]))[0]!.n);
    const tooBig = await client.create(8 * MiB + 1, scan(missions.quota));
    expect(tooBig.status).toBe(413);
    expect(await errorOf(tooBig)).toMatchObject({ code: 'payload_too_large', details: { key: 'errors.uploads.tooLarge', maxBytes: 8 * MiB } });
    expect(await count()).toBe(0);
    expect((await client.create(7 * MiB, scan(missions.quota))).status).toBe(201);
    const overQuota = await client.create(6 * MiB, scan(missions.quota));
    expect(overQuota.status).toBe(413);
    expect(await errorOf(overQuota)).toMatchObject({ details: { key: 'errors.uploads.quotaExceeded', usedBytes: 7 * MiB, quotaBytes: 12 * MiB } });
    expect(await count()).toBe(1);
    expect((await client.create(5 * MiB, scan(missions.quota))).status).toBe(201);
  });

  it('refuses one PATCH body over UPLOAD_REQUEST_BYTES with 413', async () => {
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(20_000);
    const id = idOf(await client.create(las.byteLength, scan()));
    const res = await client.patch(id, 0, las.subarray(0, REQUEST + 1));
    expect([res.status, (await errorOf(res)).details.key]).toEqual([413, 'errors.uploads.requestTooLarge']);
  });

  it('validates Upload-Metadata with field errors in the envelope', async () => {
    const client = tusClient(routes, cookies.operator);
    const res = await client.create(100, { missionId: missions.own, filename: 'a.las', purpose: 'video' });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation');
    expect(Object.keys(error.details.fields as object)).toEqual(['purpose']);
  });
});

describe('authorization per role and tenant', () => {
  it('refuses without a session (401), across origins (403), for customers (403) and for CAD by operators (403)', async () => {
    expect((await tusClient(routes, undefined).create(100, scan())).status).toBe(401);
    const cross = await tusClient(routes, cookies.operator).create(100, scan(), { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const customer = await tusClient(routes, cookies.customer).create(100, scan());
    expect(customer.status).toBe(403);
    expect(await errorOf(customer)).toMatchObject({ code: 'not_authorized', message: 'not authorized to access mission id' });
    const cad = await tusClient(routes, cookies.operator).create(100, { missionId: missions.own, filename: 'plan.dwg', purpose: 'cad' });
    expect(cad.status).toBe(403);
    expect((await tusClient(routes, cookies.operator).create(100, scan(999_999))).status).toBe(404);
  });

  it("refuses another company's operator (403) and answers 404 for someone else's upload id", async () => {
    const other = tusClient(routes, cookies.otherOperator);
    expect((await other.create(100, scan(missions.own))).status).toBe(403);
    const mine = idOf(await tusClient(routes, cookies.operator).create(100, scan()));
    expect((await other.head(mine)).status).toBe(404);
    expect((await tusClient(routes, cookies.admin).head(mine)).status).toBe(404);
    expect((await other.patch(mine, 0, lasFile(1).subarray(0, 100))).status).toBe(404);
    expect((await other.delete(mine)).status).toBe(404);
    expect((await tusClient(routes, undefined).head(mine)).status).toBe(401);
    expect((await tusClient(routes, cookies.operator).head(mine)).status).toBe(200);
  });

  it('keeps the admission of one session to one upload only: another session, another origin or another upload is checked afresh', async () => {
    const owner = tusClient(routes, cookies.operator);
    const las = lasFile(20_000);
    const mine = idOf(await owner.create(las.byteLength, scan(missions.own, 'zugelassen.las')));
    await sendFrom(owner, mine, las.subarray(0, REQUEST), 0);
    const next = las.subarray(REQUEST, 2 * REQUEST);
    expect((await tusClient(routes, cookies.otherOperator).patch(mine, REQUEST, next)).status).toBe(404);
    expect((await tusClient(routes, cookies.admin).patch(mine, REQUEST, next)).status).toBe(404);
    expect((await owner.patch(mine, REQUEST, next, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await tusClient(routes, undefined).patch(mine, REQUEST, next)).status).toBe(401);
    expect((await owner.patch(mine, REQUEST, next)).status).toBe(204);
  });
});

describe('termination', () => {
  it('removes the bytes, cancels the upload and deletes the dataset that never got its file', async () => {
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(20_000);
    const id = idOf(await client.create(las.byteLength, scan(missions.own, 'abgebrochen.las')));
    await sendFrom(client, id, las.subarray(0, REQUEST), 0);
    expect((await q("select 1 from dataset where filename = 'abgebrochen.las'")).length).toBe(1);
    const res = await client.delete(id);
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(existsSync(staged(id))).toBe(false);
    expect((await client.head(id)).status).toBe(404);
    expect((await q('select state from upload where id = $1', [id]))[0]).toEqual({ state: 'cancelled' });
    expect(await q("select 1 from dataset where filename = 'abgebrochen.las'")).toEqual([]);
    expect((await q("select action from audit_event where entity = 'upload' and entity_id = $1 order by id", [id])).map((r) => r.action)).toEqual(['create', 'cancel']);
  });
});

describe('expiration', () => {
  it('maintenance removes unfinished uploads past Upload-Expires: bytes, row and the dataset', async () => {
    const { expireUploads } = await import('@/lib/server/uploads/expire-uploads');
    const { uploadService } = await import('@/lib/server/uploads/tus-server');
    const { systemContext } = await import('@/lib/server/domain/contexts');
    const client = tusClient(routes, cookies.operator);
    const las = lasFile(20_000);
    const id = idOf(await client.create(las.byteLength, scan(missions.own, 'vergessen.las')));
    const keep = idOf(await client.create(las.byteLength, scan(missions.own, 'frisch.las')));
    await sendFrom(client, id, las.subarray(0, REQUEST), 0);
    await q("update upload set expires_at = now() - interval '1 minute' where id = $1", [id]);
    expect(await expireUploads(systemContext(), uploadService().area, new Date())).toBe(1);
    expect(existsSync(staged(id))).toBe(false);
    expect(existsSync(`${staged(id)}.json`)).toBe(false);
    expect(existsSync(staged(keep))).toBe(true);
    expect((await q('select state from upload where id = $1', [id]))[0]).toEqual({ state: 'cancelled' });
    expect(await q("select 1 from dataset where filename = 'vergessen.las'")).toEqual([]);
    expect((await client.head(id)).status).toBe(404);
    expect((await client.head(keep)).status).toBe(200);
  });
});

describe('a processor (SLAM) uploading its results', () => {
  it('uploads with its bearer token, without a session; its dataset names it; a revoked token is 401', async () => {
    const { issueProcessor, revokeProcessor } = await import('@/lib/server/processors/manage-processors');
    const { systemContext } = await import('@/lib/server/domain/contexts');
    const { token, id: processorId } = await issueProcessor(systemContext(), { name: 'SLAM cluster' });
    const processor = tusClient(routes, undefined);
    const bearer = { headers: { authorization: `Bearer ${token}` }, origin: null };
    const las = lasFile(2_000);
    const created = await processor.create(las.byteLength, scan(missions.other, 'slam-result.las', 'mixed'), bearer);
    expect(created.status).toBe(201);
    const id = idOf(created);
    const done = await processor.patch(id, 0, las, bearer);
    expect(done.status).toBe(204);
    expect((await q('select state, user_id, processor_id from upload where id = $1', [id]))[0]).toEqual({ state: 'finished', user_id: null, processor_id: String(processorId) });
    expect((await q("select status, uploaded_by, processor_id from dataset where filename = 'slam-result.las'"))[0]).toEqual({ status: 'uploading', uploaded_by: null, processor_id: String(processorId) });

    // A user's session does not reach the processor's upload, and a revoked token reaches nothing.
    expect((await tusClient(routes, cookies.admin).head(id)).status).toBe(404);
    await revokeProcessor(systemContext(), { id: processorId });
    const refused = await processor.create(las.byteLength, scan(missions.other, 'later.las'), bearer);
    expect(refused.status).toBe(401);
  });
});
