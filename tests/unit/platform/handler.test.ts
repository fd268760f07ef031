/** @jest-environment node */
import { z } from 'zod';
import { handle } from '@/lib/server/api/handler';
import { AppError } from '@/lib/server/errors';
import { endpoint } from '@/lib/shared/api/endpoint';

process.env.APP_URL = 'http://argus.test';

const echo = endpoint({
  method: 'POST',
  path: '/api/v2/echo/{id}',
  summary: 'echo',
  tag: 'test',
  auth: 'public',
  params: z.object({ id: z.coerce.number().int() }),
  query: z.object({ loud: z.enum(['yes', 'no']).default('no') }),
  body: z.object({ name: z.string().min(2) }),
  response: z.object({ id: z.number(), name: z.string(), loud: z.boolean() }),
});

const route = { params: Promise.resolve({ id: '7' }) };
const post = (body: BodyInit | null, headers: Record<string, string> = {}, url = 'http://argus.test/api/v2/echo/7') =>
  new Request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: 'http://argus.test', ...headers } });

const mine = endpoint({ method: 'GET', path: '/api/v2/mine', summary: 'mine', tag: 'test', response: z.object({ id: z.string() }) });

describe('the API wrapper', () => {
  it('answers 401 on a signed-in endpoint when no session cookie comes along, before running the handler', async () => {
    const run = jest.fn(async () => ({ id: 'x' }));
    const response = await handle(mine, run)(new Request('http://argus.test/api/v2/mine'), { params: Promise.resolve({}) });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthenticated');
    expect(run).not.toHaveBeenCalled();
  });

  const ok = handle(echo, async ({ params, query, body }) => ({ id: params.id, name: body.name, loud: query.loud === 'yes', secret: 'x' }) as never);
  const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => {});
  afterEach(() => errorSpy.mockClear());

  it('parses params, query and body and shapes the response through its schema', async () => {
    const response = await ok(post(JSON.stringify({ name: 'Ada' }), {}, 'http://argus.test/api/v2/echo/7?loud=yes'), route);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/[\w-]{8,}/);
    expect(await response.json()).toEqual({ id: 7, name: 'Ada', loud: true }); // `secret` is stripped
  });

  it('answers invalid input with 400 and field errors', async () => {
    const response = await ok(post(JSON.stringify({ name: 'A' }), {}, 'http://argus.test/api/v2/echo/7?loud=maybe'), route);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('validation');
    expect(Object.keys(body.error.details.fields)).toEqual(['loud']);
    // Each field error names its message key (for the UI's language) and the English text.
    expect(body.error.details.fields.loud).toEqual([{ key: 'validation.invalidOption', message: 'Choose one of the offered values' }]);
    expect(body.error.details.key).toBe('errors.code.validation');
  });

  it('serves a route without dynamic segments, whose params Next leaves undefined', async () => {
    const health = endpoint({ method: 'GET', path: '/api/v2/ping', summary: 'ping', tag: 'test', auth: 'public', response: z.object({ ok: z.boolean() }) });
    const response = await handle(health, async () => ({ ok: true }))(new Request('http://argus.test/api/v2/ping'), { params: Promise.resolve(undefined as never) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('refuses a NUL or a lone surrogate in a query or path value with 400 naming it, before the handler runs', async () => {
    const run = jest.fn(async () => ({ id: 7, name: 'Ada', loud: false }));
    const guarded = handle(echo, run);
    const nul = await guarded(post(JSON.stringify({ name: 'Ada' }), {}, 'http://argus.test/api/v2/echo/7?loud=ye%00s'), route);
    expect(nul.status).toBe(400);
    expect((await nul.json()).error).toMatchObject({ code: 'validation', details: { fields: { loud: [{ key: 'validation.noNul' }] } } });
    const surrogate = await guarded(post(JSON.stringify({ name: 'Ada' })), { params: Promise.resolve({ id: '7\ud800' }) });
    expect(surrogate.status).toBe(400);
    expect((await surrogate.json()).error.details.fields.id).toEqual([{ key: 'validation.noLoneSurrogate', message: expect.any(String) }]);
    expect(run).not.toHaveBeenCalled();
  });

  it('runs the authorization step after params and query and before the body: a refused caller gets 403, not 400', async () => {
    const authorize = jest.fn(async ({ params }: { params: { id: number } }) => {
      if (params.id === 7) throw new AppError('not_authorized', 'not authorized to access mission id', { missionId: 7 }, 'errors.notAuthorizedMission');
    });
    const run = jest.fn(async () => ({ id: 1, name: 'x', loud: false }));
    const guarded = handle(echo, { authorize, run });
    const refused = await guarded(post('{ not json'), route);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'not_authorized', details: { key: 'errors.notAuthorizedMission', missionId: 7 } });
    expect(authorize).toHaveBeenCalledWith({ params: { id: 7 }, query: { loud: 'no' } }, expect.objectContaining({ requestId: expect.any(String) }));
    expect(run).not.toHaveBeenCalled();
    // Allowed: the body is parsed afterwards as usual.
    const allowed = await guarded(post(JSON.stringify({ name: 'A' })), { params: Promise.resolve({ id: '8' }) });
    expect(allowed.status).toBe(400);
  });

  it('refuses a state-changing request from another origin with 403', async () => {
    const response = await ok(post(JSON.stringify({ name: 'Ada' }), { origin: 'http://evil.test' }), route);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('not_authorized');
  });

  it('refuses a cross-site request that only carries Sec-Fetch-Site', async () => {
    const request = new Request('http://argus.test/api/v2/echo/7', {
      method: 'POST',
      body: JSON.stringify({ name: 'Ada' }),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    });
    expect((await ok(request, route)).status).toBe(403);
  });

  it('treats a POST without a body as no body: 400 when the endpoint needs one, fine when it is optional', async () => {
    const bare = new Request('http://argus.test/api/v2/echo/7', { method: 'POST', headers: { origin: 'http://argus.test' } });
    expect((await ok(bare, route)).status).toBe(400);
    const optional = endpoint({ ...echo, body: z.object({ version: z.number().int().optional() }).optional(), response: z.object({ got: z.boolean() }) });
    const action = handle(optional, async ({ body }) => ({ got: body !== undefined }));
    const response = await action(new Request('http://argus.test/api/v2/echo/7', { method: 'POST', headers: { origin: 'http://argus.test' } }), route);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: false });
  });

  it('answers malformed JSON with 400, another media type with 415 and a huge body with 413', async () => {
    expect((await ok(post('{"name":'), route)).status).toBe(400);
    expect((await ok(post('name=Ada', { 'content-type': 'application/x-www-form-urlencoded' }), route)).status).toBe(415);
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    expect((await ok(post(huge), route)).status).toBe(413);
  });

  it('maps domain errors to their status', async () => {
    const conflict = handle(echo, async () => {
      throw new AppError('version_conflict', 'stale');
    });
    const response = await conflict(post(JSON.stringify({ name: 'Ada' })), route);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatchObject({ code: 'version_conflict', message: 'stale' });
  });

  it('hides unknown errors behind a logged 500 with the request id', async () => {
    const broken = handle(echo, async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const response = await broken(post(JSON.stringify({ name: 'Ada' }), { 'x-request-id': 'req-12345678' }), route);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret_table');
    expect(JSON.parse(text).error).toEqual({ code: 'internal', message: 'Internal error', details: { key: 'errors.code.internal', requestId: 'req-12345678' } });
    expect(errorSpy).toHaveBeenCalled();
  });

  it('answers 503 while the database is unreachable', async () => {
    const down = handle(echo, async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const response = await down(post(JSON.stringify({ name: 'Ada' })), route);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('treats a response that breaks its own schema as a 500, not as the caller’s fault', async () => {
    const wrong = handle(echo, async () => ({ id: 'seven' }) as never);
    expect((await wrong(post(JSON.stringify({ name: 'Ada' })), route)).status).toBe(500);
  });
});
