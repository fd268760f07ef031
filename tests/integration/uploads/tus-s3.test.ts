import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import type { PolygonGeometry } from '@/lib/shared/geo';
import { addMultipartListing } from '@/tests/support/s3rver-multipart';
import { readAll, tempDir } from '../storage/helpers';
import { startHarness, type Harness } from '../admin-users/harness';
import { checksumHeader, idOf, loadRoutes, sha256, tusClient, type Routes } from './tus-client';

/*
 * Issue 14 point 1, "S3 with @tus/s3-store when configured": the same tus endpoint with S3_BUCKET
 * set, against s3rver (plus the ListParts and AbortMultipartUpload it lacks). An upload larger than
 * one part is sent in requests smaller than a part (the store keeps the remainder as `<id>.part`),
 * resumed on a new server instance, verified on arrival and moved into the mission's key.
 */
jest.setTimeout(120_000);

const MiB = 1024 * 1024;
const REQUEST = MiB;
const bucket = 'argus-uploads';
let server: S3rver;
let dir: Awaited<ReturnType<typeof tempDir>>;
let h: Harness;
let routes: Routes;
let cookie = '';
let missionId = 0;
let q: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

beforeAll(async () => {
  dir = await tempDir('s3rver-tus');
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir.path, configureBuckets: [{ name: bucket }] });
  addMultipartListing(server);
  const { port } = await server.run();
  Object.assign(process.env, {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_REQUEST_BYTES: String(REQUEST),
  });
  h = await startHarness();
  const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
  const { systemContext } = await import('@/lib/server/domain/contexts');
  const { pool } = await import('@/lib/server/db/client');
  q = async (text, values = []) => (await pool().query(text, values)).rows as Record<string, unknown>[];
  const footprint: PolygonGeometry = { type: 'Polygon', coordinates: [[[11.575, 48.137], [11.5752, 48.137], [11.5752, 48.1372], [11.575, 48.1372], [11.575, 48.137]]] };
  missionId = (await createMissionFromJson(systemContext(), { name: 'Aufmaß Lager', companyId: h.companyId, customerId: h.customer.id, products: ['pointcloud'], buildings: [{ name: 'Lager', footprint, levels: 1 }] })).id;
  const { email } = await h.createUser({ roles: ['operator'], customerID: h.customer.customerNumber }, 'operator');
  cookie = (await h.signIn(email)).cookie;
  routes = await loadRoutes();
});
afterAll(async () => {
  const { jobQueue } = await import('@/lib/server/jobs/enqueue');
  await (jobQueue() as unknown as { stop?: () => Promise<void> }).stop?.();
  await h?.stop();
  await server?.close();
  await dir?.remove();
});

const scanFile = (bytes: number) => Buffer.concat([Buffer.from('LASF'), randomBytes(bytes - 4)]);
const meta = (filename: string) => ({ missionId, filename, purpose: 'scan', datasetType: 'outdoor' });

async function sendFrom(client: ReturnType<typeof tusClient>, id: string, bytes: Uint8Array, from: number, to = bytes.byteLength): Promise<void> {
  for (let at = from; at < to; at += REQUEST) {
    const part = bytes.subarray(at, Math.min(at + REQUEST, to));
    const res = await client.patch(id, at, part, { headers: { 'Upload-Checksum': checksumHeader(part) } });
    expect([res.status, res.headers.get('upload-offset')]).toEqual([204, String(at + part.byteLength)]);
  }
}

it('uploads across parts, survives a new server instance and lands verified under the mission', async () => {
  const { createUploadService, uploadService } = await import('@/lib/server/uploads/tus-server');
  const { handleUploadRequest } = await import('@/lib/server/uploads/handle-upload');
  const { tusAreaFromEnv } = await import('@/lib/server/uploads/tus-area');
  const { uploadLimits } = await import('@/lib/server/uploads/limits');
  const { env } = await import('@/lib/server/env');
  const { storage } = await import('@/lib/server/storage');
  expect(uploadService().area.rollback).toBeUndefined();

  const file = scanFile(11 * MiB + 12_345);
  const client = tusClient(routes, cookie);
  const id = idOf(await client.create(file.byteLength, meta('Lager Süd.las')));
  await sendFrom(client, id, file, 0, 3 * REQUEST);

  // A checksum that does not match is refused before the S3 store sees a byte.
  const next = file.subarray(3 * REQUEST, 4 * REQUEST);
  expect((await client.patch(id, 3 * REQUEST, next, { headers: { 'Upload-Checksum': checksumHeader(file.subarray(0, REQUEST)) } })).status).toBe(460);
  expect((await client.head(id)).headers.get('upload-offset')).toBe(String(3 * REQUEST));

  // A new process: the offset comes back from the bucket (the parts and the incomplete part).
  const restarted = createUploadService(tusAreaFromEnv(env(), storage()), uploadLimits());
  const item: Routes['item'] = {
    HEAD: async (r, c) => handleUploadRequest(r, (await c.params).id, restarted),
    PATCH: async (r, c) => handleUploadRequest(r, (await c.params).id, restarted),
    DELETE: async (r, c) => handleUploadRequest(r, (await c.params).id, restarted),
  };
  const after = tusClient({ ...routes, item }, cookie);
  expect((await after.head(id)).headers.get('upload-offset')).toBe(String(3 * REQUEST));
  await sendFrom(after, id, file, 3 * REQUEST);

  const [row] = await q('select state, sha256 from upload where id = $1', [id]);
  expect(row).toEqual({ state: 'finished', sha256: sha256(file) });
  const [stored] = await q('select storage_key from mission_file where filename = $1', ['Lager Süd.las']);
  const key = String(stored!.storage_key);
  expect(key).toMatch(new RegExp(`^missions/${missionId}/uploads/${id}/`));
  expect(sha256(await readAll((await storage().get(key)).body))).toBe(sha256(file));
  // The tus store's own objects are gone once the upload moved into place.
  expect(await storage().head(id)).toBeNull();
  expect(await storage().head(`${id}.info`)).toBeNull();
});

it('terminates an upload: the multipart upload is aborted and its objects removed', async () => {
  const { storage } = await import('@/lib/server/storage');
  const client = tusClient(routes, cookie);
  const file = scanFile(9 * MiB);
  const id = idOf(await client.create(file.byteLength, meta('abgebrochen.las')));
  await sendFrom(client, id, file, 0, 2 * REQUEST);
  expect(await storage().head(`${id}.info`)).not.toBeNull();
  expect((await client.delete(id)).status).toBe(204);
  expect((await client.head(id)).status).toBe(404);
  expect(await storage().head(`${id}.info`)).toBeNull();
  expect(await storage().head(`${id}.part`)).toBeNull();
  expect((await q('select state from upload where id = $1', [id]))[0]).toEqual({ state: 'cancelled' });
});
