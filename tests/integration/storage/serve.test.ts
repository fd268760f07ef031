import { AppError } from '@/lib/server/errors';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import { serveStoredFile } from '@/lib/server/storage/serve';
import type { Storage } from '@/lib/server/storage/types';
import { sha256, tempDir } from './helpers';

let dir: Awaited<ReturnType<typeof tempDir>>;
let storage: Storage;
const body = Buffer.from('0123456789'.repeat(100)); // 1000 bytes
const key = 'missions/7/exports/report.pdf';
const allow = async () => undefined;

beforeAll(async () => {
  dir = await tempDir('serve');
  storage = createFsStorage(dir.path);
  await storage.put(key, body, { contentType: 'application/pdf' });
});
afterAll(() => dir.remove());

const get = (headers: Record<string, string> = {}, method = 'GET') => new Request('http://localhost/api/v2/files/x', { method, headers });

describe('serveStoredFile', () => {
  it('serves the whole file with validators, length and a safe download name', async () => {
    const res = await serveStoredFile(get(), key, { storage, authorize: allow, downloadName: 'Bericht Süd.pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${sha256(body)}"`);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Bericht Sud.pdf"; filename*=UTF-8''Bericht%20S%C3%BCd.pdf`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
  });

  it('serves a single range as 206 with Content-Range', async () => {
    const res = await serveStoredFile(get({ range: 'bytes=10-19' }), key, { storage, authorize: allow });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(res.headers.get('content-length')).toBe('10');
    expect(await res.text()).toBe('0123456789');

    const suffix = await serveStoredFile(get({ range: 'bytes=-3' }), key, { storage, authorize: allow });
    expect(suffix.headers.get('content-range')).toBe('bytes 997-999/1000');
    expect(await suffix.text()).toBe('789');
  });

  it('answers 416 with the size when the range cannot be satisfied', async () => {
    const res = await serveStoredFile(get({ range: 'bytes=1000-' }), key, { storage, authorize: allow });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
    expect(await res.json()).toEqual({ error: { code: 'range_not_satisfiable', message: expect.any(String), details: { size: 1000 } } });
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const etag = `"${sha256(body)}"`;
    const res = await serveStoredFile(get({ 'if-none-match': `"other", ${etag}` }), key, { storage, authorize: allow });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(await res.text()).toBe('');

    const later = new Date(Date.now() + 60_000).toUTCString();
    expect((await serveStoredFile(get({ 'if-modified-since': later }), key, { storage, authorize: allow })).status).toBe(304);
    // If-None-Match wins over If-Modified-Since.
    expect((await serveStoredFile(get({ 'if-none-match': '"other"', 'if-modified-since': later }), key, { storage, authorize: allow })).status).toBe(200);
  });

  it('ignores Range when If-Range names another version', async () => {
    const stale = await serveStoredFile(get({ range: 'bytes=0-4', 'if-range': '"stale"' }), key, { storage, authorize: allow });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-length')).toBe('1000');
    await stale.body?.cancel();
    const current = await serveStoredFile(get({ range: 'bytes=0-4', 'if-range': `"${sha256(body)}"` }), key, { storage, authorize: allow });
    expect(current.status).toBe(206);
    expect(await current.text()).toBe('01234');
  });

  it('answers HEAD with headers only', async () => {
    const res = await serveStoredFile(get({ range: 'bytes=0-99' }, 'HEAD'), key, { storage, authorize: allow });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.body).toBeNull();
  });

  it('authorizes before it looks at the file', async () => {
    const looked: string[] = [];
    const spy: Storage = { ...storage, head: (k) => (looked.push(k), storage.head(k)), get: (k, o) => (looked.push(k), storage.get(k, o)) };
    const denied = serveStoredFile(get(), 'missions/8/secret.pdf', {
      storage: spy,
      authorize: async () => {
        throw new AppError('not_authorized', 'not authorized to access mission 8');
      },
    });
    await expect(denied).rejects.toMatchObject({ code: 'not_authorized' });
    expect(looked).toEqual([]);
  });

  it('throws not_found for a missing file', async () => {
    await expect(serveStoredFile(get(), 'missions/7/none.pdf', { storage, authorize: allow })).rejects.toMatchObject({ code: 'not_found' });
  });
});
