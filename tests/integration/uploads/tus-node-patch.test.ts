import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PolygonGeometry } from '@/lib/shared/geo';
import { lasFile } from '@/tests/support/las-fixture';
import { APP, startHarness, type Harness } from '../admin-users/harness';
import { checksumHeader, idOf, loadRoutes, sha256, tusClient, type Routes } from './tus-client';

/*
 * The middle PATCH requests an upload sends over HTTP, served straight from Node's request
 * (lib/server/uploads/node-patch.ts) the way scripts/app-server.mjs offers them: over a real socket,
 * with the real identity service and PostgreSQL. Every other request goes to the route handlers
 * in-process, as Next would hand it over.
 */
jest.setTimeout(120_000);

const REQUEST = 64 * 1024;
const storageDir = mkdtempSync(join(tmpdir(), 'argus-node-patch-'));
process.env.STORAGE_DIR = storageDir;
process.env.UPLOAD_REQUEST_BYTES = String(REQUEST);

let h: Harness;
let routes: Routes;
let server: Server;
let origin = '';
let cookie = '';
let otherCookie = '';
let missionId = 0;
let q: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
/** The requests node-patch took, each settled when its answer went out (or its connection closed). */
const taken: Promise<void>[] = [];

const staged = (id: string) => join(storageDir, 'objects', 'tmp', 'tus', id);

beforeAll(async () => {
  h = await startHarness();
  const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
  const { systemContext } = await import('@/lib/server/domain/contexts');
  const { pool } = await import('@/lib/server/db/client');
  const { offerPatch } = await import('@/lib/server/uploads/node-patch');
  q = async (text, values = []) => (await pool().query(text, values)).rows as Record<string, unknown>[];
  const footprint: PolygonGeometry = { type: 'Polygon', coordinates: [[[11.575, 48.137], [11.5752, 48.137], [11.5752, 48.1372], [11.575, 48.1372], [11.575, 48.137]]] };
  missionId = (await createMissionFromJson(systemContext(), { name: 'Aufmaß Lager', companyId: h.companyId, customerId: h.customer.id, products: ['pointcloud'], buildings: [{ name: 'Lager', footprint, levels: 1 }] })).id;
  cookie = (await h.signIn((await h.createUser({ roles: ['operator'], customerID: h.customer.customerNumber }, 'streamer')).email)).cookie;
  otherCookie = (await h.signIn((await h.createUser({ roles: ['operator'], customerID: h.customer.customerNumber }, 'colleague')).email)).cookie;
  routes = await loadRoutes();
  server = createServer((req, res) => {
    if (offerPatch(req, res)) {
      taken.push(new Promise((resolve) => res.once('close', resolve)));
      return;
    }
    // What node-patch leaves goes to the route handler, as Next would pass it on.
    const id = /^\/api\/v2\/uploads\/([0-9a-f]{32})$/.exec(req.url ?? '')?.[1];
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const request = new Request(`${APP}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : null });
      void routes.item.PATCH(request, { params: Promise.resolve({ id: id ?? '' }) }).then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  const { jobQueue } = await import('@/lib/server/jobs/enqueue');
  await (jobQueue() as unknown as { stop?: () => Promise<void> }).stop?.();
  await h?.stop();
});

/** A PATCH over HTTP as the browser's tus client sends it, from our origin with the session cookie. */
const patch = (id: string, offset: number, body: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/v2/uploads/${id}`, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', Cookie: cookie, Origin: APP, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Upload-Checksum': checksumHeader(body), ...headers },
    body: body as BodyInit,
  });

async function created(size: number, filename: string): Promise<string> {
  return idOf(await tusClient(routes, cookie).create(size, { missionId, filename, purpose: 'scan', datasetType: 'indoor' }));
}

const offsetOf = async (id: string) => Number((await tusClient(routes, cookie).head(id)).headers.get('upload-offset'));

describe('the middle requests of an upload, straight into its file', () => {
  it('takes every request between the first (sniffed) and the last (finished) and ends with the identical file', async () => {
    const las = lasFile(20_000); // 400 227 bytes: 7 requests
    const id = await created(las.byteLength, 'lager.las');
    const before = taken.length;
    for (let at = 0; at < las.byteLength; at += REQUEST) {
      const res = await patch(id, at, las.subarray(at, at + REQUEST));
      expect([res.status, res.headers.get('upload-offset'), res.headers.get('tus-resumable')]).toEqual([204, String(Math.min(at + REQUEST, las.byteLength)), '1.0.0']);
    }
    await Promise.all(taken);
    expect(taken.length - before).toBe(Math.ceil(las.byteLength / REQUEST) - 2);
    expect((await q('select state, sha256, "offset" from upload where id = $1', [id]))[0]).toEqual({ state: 'finished', sha256: sha256(las), offset: String(las.byteLength) });
  });

  it('takes back a request whose checksum does not match, and answers a wrong offset with 409', async () => {
    const las = lasFile(20_000);
    const id = await created(las.byteLength, 'pruefsumme.las');
    expect((await patch(id, 0, las.subarray(0, REQUEST))).status).toBe(204);
    const before = taken.length;
    const middle = las.subarray(REQUEST, 2 * REQUEST);
    const wrong = await patch(id, REQUEST, middle, { 'Upload-Checksum': checksumHeader(las.subarray(0, REQUEST)) });
    expect([wrong.status, await wrong.text()]).toEqual([460, 'Checksum Mismatch\n']);
    expect(taken.length - before).toBe(1);
    expect(statSync(staged(id)).size).toBe(REQUEST);
    expect(await offsetOf(id)).toBe(REQUEST);
    // Still admitted (a mismatch is the bytes' fault, not the session's): the same path answers.
    const ahead = await patch(id, 2 * REQUEST, las.subarray(2 * REQUEST, 3 * REQUEST));
    expect([ahead.status, await ahead.text()]).toEqual([409, 'Upload-Offset conflict\n']);
    expect(taken.length - before).toBe(2);
    expect((await patch(id, REQUEST, middle)).status).toBe(204);
    expect(await offsetOf(id)).toBe(2 * REQUEST);
  });

  it('takes back what a request appended when its connection breaks off', async () => {
    const las = lasFile(20_000);
    const id = await created(las.byteLength, 'abbruch.las');
    expect((await patch(id, 0, las.subarray(0, REQUEST))).status).toBe(204);
    const before = taken.length;
    const middle = las.subarray(REQUEST, 2 * REQUEST);
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const head = [`PATCH /api/v2/uploads/${id} HTTP/1.1`, `Host: ${new URL(origin).host}`, `Cookie: ${cookie}`, `Origin: ${APP}`, 'Tus-Resumable: 1.0.0', `Upload-Offset: ${REQUEST}`, 'Content-Type: application/offset+octet-stream', `Upload-Checksum: ${checksumHeader(middle)}`, `Content-Length: ${REQUEST}`];
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    socket.write(middle.subarray(0, REQUEST / 2));
    await new Promise<void>((resolve) => {
      const check = () => (taken.length > before ? resolve() : setImmediate(check));
      check();
    });
    socket.destroy();
    await taken[before];
    // HEAD waits for the upload's lock, which the broken request holds until it has taken its bytes back.
    expect(await offsetOf(id)).toBe(REQUEST);
    expect(statSync(staged(id)).size).toBe(REQUEST);
    // A broken connection forgets the admission: the next request is checked afresh by the route handler.
    expect((await patch(id, REQUEST, middle)).status).toBe(204);
    expect(taken.length - before).toBe(1);
  });

  it('leaves to the route handler what it may not take: another session, another origin, a stale admission', async () => {
    const las = lasFile(20_000);
    const id = await created(las.byteLength, 'fremd.las');
    expect((await patch(id, 0, las.subarray(0, REQUEST))).status).toBe(204);
    const before = taken.length;
    const middle = las.subarray(REQUEST, 2 * REQUEST);
    expect((await patch(id, REQUEST, middle, { Cookie: otherCookie })).status).toBe(404);
    expect((await patch(id, REQUEST, middle, { Origin: 'https://evil.example' })).status).toBe(403);
    expect(taken.length).toBe(before);
    expect(readFileSync(staged(id)).byteLength).toBe(REQUEST);
    expect((await patch(id, REQUEST, middle)).status).toBe(204);
    expect(taken.length - before).toBe(1);
  });

  describe('the running SHA-256 the finish hook takes instead of reading the file back', () => {
    /** Where each upload's running digest ends, as the process knows it (the hashing runs on a thread of its own). */
    const digests = () => (globalThis as unknown as { __argusDigestThread: { offsets: Map<string, number> } }).__argusDigestThread.offsets;

    async function sendAll(id: string, las: Uint8Array, from: number): Promise<void> {
      for (let at = from; at < las.byteLength; at += REQUEST) expect((await patch(id, at, las.subarray(at, at + REQUEST))).status).toBe(204);
    }

    it('follows every stored byte, through a refused request, to the hash of the identical file', async () => {
      const las = lasFile(20_000);
      const id = await created(las.byteLength, 'laufend.las');
      expect((await patch(id, 0, las.subarray(0, REQUEST))).status).toBe(204);
      expect(digests().get(id)).toBe(REQUEST);
      const refused = await patch(id, REQUEST, las.subarray(REQUEST, 2 * REQUEST), { 'Upload-Checksum': checksumHeader(las.subarray(0, 1)) });
      expect(refused.status).toBe(460);
      expect(digests().get(id)).toBe(REQUEST);
      await sendAll(id, las, REQUEST);
      expect(digests().has(id)).toBe(false);
      expect((await q('select sha256 from upload where id = $1', [id]))[0]).toEqual({ sha256: sha256(las) });
    });

    it('keeps following across a resume: the admission expired and the upload locks\' connection was lost meanwhile', async () => {
      const las = lasFile(20_000);
      const id = await created(las.byteLength, 'pause.las');
      await sendAll(id, las.subarray(0, 3 * REQUEST), 0);
      const { forgetAdmissions } = await import('@/lib/server/uploads/admission');
      forgetAdmissions(id);
      const [lost] = await q("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'argus-upload-locks' and pid <> pg_backend_pid()");
      expect(lost).toEqual({ n: 1 });
      const before = taken.length;
      expect(await offsetOf(id)).toBe(3 * REQUEST);
      const last = Math.floor((las.byteLength - 1) / REQUEST) * REQUEST;
      await sendAll(id, las.subarray(0, last), 3 * REQUEST);
      // The first request after the pause went to the route handler, the rest straight into the file.
      expect(taken.length - before).toBe(last / REQUEST - 4);
      expect(digests().get(id)).toBe(last);
      await sendAll(id, las, last);
      expect((await q('select sha256, state from upload where id = $1', [id]))[0]).toEqual({ sha256: sha256(las), state: 'finished' });
    });

    it('reads the file back when a request was not followed (served by another process)', async () => {
      const las = lasFile(20_000);
      const id = await created(las.byteLength, 'anderswo.las');
      await sendAll(id, las.subarray(0, 3 * REQUEST), 0);
      digests().delete(id);
      await sendAll(id, las, 3 * REQUEST);
      expect((await q('select sha256, state from upload where id = $1', [id]))[0]).toEqual({ sha256: sha256(las), state: 'finished' });
    });
  });
});
