/** @jest-environment node */
import { z } from 'zod';
import { bytesResponse, handleStream, sseResponse } from '@/lib/server/api/stream';
import { endpoint } from '@/lib/shared/api/endpoint';

/* Issue 13 point 4: the endpoint kind for binary and streamed bodies shares the JSON kind's checks and envelope. */

process.env.APP_URL = 'http://argus.test';

const file = endpoint({ method: 'GET', path: '/api/v2/files/{id}', summary: 'a file', tag: 'test', auth: 'public', params: z.object({ id: z.coerce.number().int() }), response: z.null() });
const upload = endpoint({ method: 'POST', path: '/api/v2/uploads', summary: 'an upload', tag: 'test', auth: 'public', response: z.null() });

const BYTES = new TextEncoder().encode('0123456789');
const route = { params: Promise.resolve({ id: '7' }) };
const download = handleStream(file, { run: async (_input, { request }) => bytesResponse(request, BYTES.slice(), { 'content-type': 'application/octet-stream' }) });
const get = (range?: string) => download(new Request('http://argus.test/api/v2/files/7', { headers: range ? { range } : {} }), route);

describe('handleStream downloads with Range', () => {
  it('sends the whole file without a Range', async () => {
    const res = await get();
    expect([res.status, res.headers.get('content-length'), res.headers.get('accept-ranges'), await res.text()]).toEqual([200, '10', 'bytes', '0123456789']);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('sends a partial range as 206 with Content-Range', async () => {
    const res = await get('bytes=2-5');
    expect([res.status, res.headers.get('content-range'), res.headers.get('content-length'), await res.text()]).toEqual([206, 'bytes 2-5/10', '4', '2345']);
  });

  it('sends a suffix range (the last n bytes)', async () => {
    const res = await get('bytes=-3');
    expect([res.status, res.headers.get('content-range'), await res.text()]).toEqual([206, 'bytes 7-9/10', '789']);
  });

  it('answers a range outside the file with 416 in the envelope', async () => {
    const res = await get('bytes=20-30');
    expect(res.status).toBe(416);
    expect((await res.json()).error).toMatchObject({ code: 'range_not_satisfiable', details: { size: 10, key: 'errors.code.range_not_satisfiable' } });
  });

  it('answers a malformed path parameter with the validation envelope', async () => {
    const res = await download(new Request('http://argus.test/api/v2/files/x'), { params: Promise.resolve({ id: 'x' }) });
    expect([res.status, (await res.json()).error.code]).toEqual([400, 'validation']);
  });
});

describe('handleStream uploads', () => {
  const received = jest.fn();
  const accept = handleStream(upload, {
    maxBodyBytes: 8,
    run: async ({ body }) => {
      received(await new Response(body).text());
      return new Response(null, { status: 204 });
    },
  });
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    accept(new Request('http://argus.test/api/v2/uploads', { method: 'POST', body, headers: { origin: 'http://argus.test', ...headers }, duplex: 'half' } as RequestInit), { params: Promise.resolve({}) });
  afterEach(() => received.mockClear());

  it('hands a body within the limit to run as a stream', async () => {
    expect((await post('12345678')).status).toBe(204);
    expect(received).toHaveBeenCalledWith('12345678');
  });

  it('refuses a declared oversize body with 413 before reading it', async () => {
    const res = await post('123456789', { 'content-length': '9' });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: 'payload_too_large', details: { maxBytes: 8 } });
    expect(received).not.toHaveBeenCalled();
  });

  it('cuts off an undeclared body once it grows past the limit with 413', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('12345'));
        controller.enqueue(new TextEncoder().encode('67890'));
        controller.close();
      },
    });
    const res = await post(chunks);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('refuses a cross-origin POST with the 403 envelope', async () => {
    const res = await post('1', { origin: 'http://evil.test' });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: 'not_authorized', details: { key: 'errors.code.not_authorized' } });
    expect(received).not.toHaveBeenCalled();
  });

  it('runs the authorization step before reading the body', async () => {
    const run = jest.fn();
    const guarded = handleStream(upload, {
      maxBodyBytes: 8,
      authorize: async () => {
        throw new (await import('@/lib/server/errors')).AppError('not_authorized', 'no');
      },
      run,
    });
    const res = await guarded(new Request('http://argus.test/api/v2/uploads', { method: 'POST', body: 'x', headers: { origin: 'http://argus.test' } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(403);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('sseResponse', () => {
  it('writes each event as an event-stream record', async () => {
    async function* progress() {
      yield { event: 'progress', id: '1', data: { done: 1, of: 2 } };
      yield { data: 'finished' };
    }
    const res = sseResponse(progress());
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await res.text()).toBe('event: progress\nid: 1\ndata: {"done":1,"of":2}\n\ndata: "finished"\n\n');
  });
});
