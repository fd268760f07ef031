/** @jest-environment node */
import { webcrypto, createHash } from 'node:crypto';
import { TusUpload, uploadMetadataHeader } from '@/lib/client/uploads/tus-upload';
import type { ResumeStore } from '@/lib/client/uploads/resume-store';
import { fingerprintKey } from '@/lib/client/uploads/resume-store';

const KB = 1024;

/** A tus server in memory: enough of creation, HEAD, PATCH with checksum and DELETE to drive the client. */
function fakeServer(options: { requestBytes?: number; failPatches?: number[]; patchStatus?: (n: number) => number | null } = {}) {
  const uploads = new Map<string, { size: number; data: number[]; meta: string }>();
  const calls: { method: string; url: string; headers: Record<string, string>; bytes?: number }[] = [];
  let patches = 0;
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = init.body as Uint8Array | undefined;
    init.signal?.throwIfAborted();
    calls.push({ method, url, headers, bytes: body?.byteLength });
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { 'Argus-Upload-Request-Bytes': String(options.requestBytes ?? 256 * KB) } });
    if (method === 'POST') {
      const id = `u${uploads.size + 1}`;
      uploads.set(id, { size: Number(headers['upload-length']), data: [], meta: headers['upload-metadata']! });
      return new Response(null, { status: 201, headers: { Location: `/api/v2/uploads/${id}` } });
    }
    const upload = uploads.get(url.split('/').pop()!);
    if (!upload) return new Response(null, { status: 404 });
    if (method === 'HEAD') return new Response(null, { status: 200, headers: { 'Upload-Offset': String(upload.data.length) } });
    if (method === 'DELETE') {
      uploads.delete(url.split('/').pop()!);
      return new Response(null, { status: 204 });
    }
    patches += 1;
    if (options.failPatches?.includes(patches)) throw new TypeError('Failed to fetch');
    const forced = options.patchStatus?.(patches);
    if (forced) return new Response(JSON.stringify({ error: { code: 'unsupported_media_type', message: 'no', details: { key: 'errors.uploads.wrongContent' } } }), { status: forced, headers: { 'content-type': 'application/json' } });
    if (Number(headers['upload-offset']) !== upload.data.length) return new Response(null, { status: 409 });
    const [, digest] = (headers['upload-checksum'] ?? '').split(' ');
    if (digest !== createHash('sha256').update(body!).digest('base64')) return new Response(null, { status: 460 });
    for (const byte of body!) upload.data.push(byte);
    return new Response(null, { status: 204, headers: { 'Upload-Offset': String(upload.data.length) } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, uploads, calls, patchCalls: () => calls.filter((c) => c.method === 'PATCH') };
}

function memoryStore(): ResumeStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (f) => map.get(fingerprintKey(f)) ?? null, set: (f, url) => void map.set(fingerprintKey(f), url), remove: (f) => void map.delete(fingerprintKey(f)) };
}

const fileOf = (size: number, name = 'Halle.las') => {
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 13) % 256);
  const file = { name, size, lastModified: 1_700_000_000_000, slice: (s: number, e: number) => ({ arrayBuffer: async () => bytes.slice(s, e).buffer }) } as unknown as File;
  return { file, bytes };
};

let endpointNo = 0;
const make = (server: ReturnType<typeof fakeServer>, file: File, store = memoryStore(), extra = {}) =>
  new TusUpload({ file, missionId: 7, purpose: 'scan', datasetType: 'indoor', endpoint: `/api/v2/uploads?e=${(endpointNo += 1)}`, fetch: server.fetch, resumeStore: store, subtle: webcrypto.subtle as unknown as SubtleCrypto, sleep: async () => undefined, ...extra });

describe('TusUpload', () => {
  it('creates the upload with its metadata and sends requests of the size the server names, with checksums', async () => {
    const server = fakeServer({ requestBytes: 256 * KB });
    const { file, bytes } = fileOf(600 * KB);
    const upload = make(server, file);
    await upload.start();
    expect(upload.error).toBeNull();
    expect(upload.state).toBe('finished');
    const created = server.uploads.get('u1')!;
    expect(Uint8Array.from(created.data)).toEqual(bytes);
    expect(created.meta).toBe(uploadMetadataHeader({ missionId: 7, filename: 'Halle.las', purpose: 'scan', datasetType: 'indoor' }));
    expect(server.patchCalls().map((c) => c.bytes)).toEqual([256 * KB, 256 * KB, 88 * KB]);
    expect(server.patchCalls().every((c) => c.headers['upload-checksum']?.startsWith('sha256 '))).toBe(true);
    expect(upload.progress).toMatchObject({ bytes: 600 * KB, percent: 100, secondsLeft: 0 });
  });

  it('resumes after a reload from the last byte: the URL kept per file, HEAD for the offset', async () => {
    const server = fakeServer({ requestBytes: 100 * KB });
    const { file, bytes } = fileOf(300 * KB);
    const store = memoryStore();
    const first = make(server, file, store, { endpoint: '/api/v2/uploads?reload' });
    const started = first.start();
    // Pause after the first request went through (the page is closed).
    await new Promise((r) => setTimeout(r, 0));
    while (server.patchCalls().length < 1) await new Promise((r) => setTimeout(r, 1));
    first.pause();
    await started;
    expect(store.map.size).toBe(1);
    const sentBefore = server.uploads.get('u1')!.data.length;
    expect(sentBefore).toBeGreaterThan(0);

    const again = make(server, fileOf(300 * KB).file, store, { endpoint: '/api/v2/uploads?reload' });
    await again.start();
    expect(again.state).toBe('finished');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(server.calls.some((c) => c.method === 'HEAD')).toBe(true);
    expect(Uint8Array.from(server.uploads.get('u1')!.data)).toEqual(bytes);
    expect(store.map.size).toBe(0);
  });

  it('retries a dropped connection and continues from the offset the server reports', async () => {
    const server = fakeServer({ requestBytes: 100 * KB, failPatches: [2, 3] });
    const { file, bytes } = fileOf(250 * KB);
    const sleep = jest.fn(async () => undefined);
    const upload = make(server, file, memoryStore(), { sleep, retryDelays: [10, 20, 30] });
    await upload.start();
    expect(upload.state).toBe('finished');
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([10, 20]);
    expect(Uint8Array.from(server.uploads.get('u1')!.data)).toEqual(bytes);
  });

  it('stops with the server’s message key on a refusal, without retrying', async () => {
    const server = fakeServer({ patchStatus: () => 415 });
    const upload = make(server, fileOf(10 * KB).file);
    await upload.start();
    expect(upload.state).toBe('error');
    expect(upload.error).toMatchObject({ status: 415, code: 'unsupported_media_type', key: 'errors.uploads.wrongContent' });
    expect(server.patchCalls()).toHaveLength(1);
  });

  it('cancel terminates the upload on the server and forgets it', async () => {
    const server = fakeServer({ requestBytes: 100 * KB });
    const store = memoryStore();
    const upload = make(server, fileOf(300 * KB).file, store);
    const started = upload.start();
    while (server.patchCalls().length < 1) await new Promise((r) => setTimeout(r, 1));
    await upload.cancel();
    await started;
    expect(upload.state).toBe('cancelled');
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/v2/uploads/u1' });
    expect(server.uploads.size).toBe(0);
    expect(store.map.size).toBe(0);
  });

  it('sends no checksum where WebCrypto is missing', async () => {
    const server = fakeServer();
    const upload = make(server, fileOf(10 * KB).file, memoryStore(), { subtle: null });
    await upload.start();
    // The fake server insists on checksums, so the request is refused and retried to the end.
    expect(server.patchCalls()[0]!.headers['upload-checksum']).toBeUndefined();
  });
});
