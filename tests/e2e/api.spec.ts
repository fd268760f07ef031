import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { expect, test } from '@playwright/test';
import { createIdentity, DEMO_PASSWORD, uniqueEmail } from './support/identity';

test('GET /api/v2/config returns the app and identity URLs on our origin', async ({ request, baseURL }) => {
  const response = await request.get('/api/v2/config');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ argus_url: baseURL, kratos_url: baseURL });
});

test('GET /api/v2/health reports the database as up', async ({ request }) => {
  const response = await request.get('/api/v2/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'up' });
});

test('the OpenAPI document describes every platform endpoint', async ({ request }) => {
  const response = await request.get('/api/v2/openapi.json');
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe('3.0.3');
  for (const path of ['/api/v2/config', '/api/v2/maintenance', '/api/v2/health', '/api/v2/notifications', '/api/v2/permission', '/api/v2/me']) {
    expect(document.paths[path]?.get, path).toBeDefined();
  }
  const locale = document.paths['/api/v2/maintenance'].get.parameters.find((p: { name: string }) => p.name === 'locale');
  expect(locale.schema.enum).toEqual(['en', 'de']);
});

test('an invalid request is answered with the error envelope', async ({ request }) => {
  const response = await request.get('/api/v2/maintenance?locale=fr');
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.error.code).toBe('validation');
  expect(body.error.details.fields.locale).toHaveLength(1);
  expect(body.error.details.requestId).toBe(response.headers()['x-request-id']);
});

test('an unknown API path is a 404 in the envelope, not an HTML page', async ({ request }) => {
  const response = await request.get('/api/v2/no-such-thing');
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('not_found');
});

test.describe('the identity service\'s /sessions calls at our origin (spec §7), through the proxy', () => {
  /** The Ory SDK as a native app uses it, pointed at the app's origin. */
  const native = (baseURL: string) => new FrontendApi(new Configuration({ basePath: baseURL, headers: { Accept: 'application/json' } }));

  /** The HTTP status an SDK call fails with. */
  async function statusOf(call: Promise<unknown>): Promise<number> {
    try {
      await call;
    } catch (err) {
      if (err instanceof ResponseError) return err.response.status;
      throw err;
    }
    return 200;
  }

  async function nativeSession(api: FrontendApi, email: string): Promise<string> {
    const flow = await api.createNativeLoginFlow();
    const done = await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: DEMO_PASSWORD } });
    return done.session_token ?? '';
  }

  test('list (paged, Link and X-Total-Count), revoke one, revoke all others, token exchange and FedCM answers pass through unchanged', async ({ baseURL }) => {
    const email = uniqueEmail('sessions');
    await createIdentity(email, DEMO_PASSWORD);
    const api = native(baseURL ?? '');
    const [mine, second, third] = [await nativeSession(api, email), await nativeSession(api, email), await nativeSession(api, email)];

    const page = await api.listMySessionsRaw({ xSessionToken: mine, pageSize: 1 });
    expect((await page.value()).length).toBe(1);
    expect(page.raw.headers.get('x-total-count')).toBe('2');
    expect(page.raw.headers.get('link')).toMatch(/^<\/sessions\?[^>]*page_token=[^>]+>; rel="next",<\/sessions\?[^>]*>; rel="last"$/);

    const secondId = (await api.toSession({ xSessionToken: second })).id;
    await api.disableMySession({ id: secondId, xSessionToken: mine });
    expect(await statusOf(api.toSession({ xSessionToken: second }))).toBe(401);
    const current = (await api.toSession({ xSessionToken: mine })).id;
    expect(await statusOf(api.disableMySession({ id: current, xSessionToken: mine }))).toBe(400);
    expect(await api.disableMyOtherSessions({ xSessionToken: mine })).toEqual({ count: 1 });
    expect(await statusOf(api.toSession({ xSessionToken: third }))).toBe(401);
    expect((await api.toSession({ xSessionToken: mine })).active).toBe(true);

    expect(await statusOf(api.exchangeSessionToken({ initCode: 'nope', returnToCode: 'nope' }))).toBe(404);
    expect(await statusOf(api.createFedcmFlow())).toBe(404);
  });

  test('a browser signed in with cookies lists and revokes its other sessions', async ({ request, baseURL }) => {
    const email = uniqueEmail('sessions-browser');
    await createIdentity(email, DEMO_PASSWORD);
    const other = await nativeSession(native(baseURL ?? ''), email);
    const json = { Accept: 'application/json' };
    const flow = await (await request.get('/self-service/login/browser', { headers: json })).json();
    const csrf = flow.ui.nodes.find((n: { attributes: { name?: string } }) => n.attributes.name === 'csrf_token').attributes.value;
    const signIn = await request.post(`/self-service/login?flow=${flow.id}`, { headers: json, data: { method: 'password', identifier: email, password: DEMO_PASSWORD, csrf_token: csrf } });
    expect(signIn.status()).toBe(200);
    const list = await request.get('/sessions', { headers: json });
    expect(list.status()).toBe(200);
    expect((await list.json()).length).toBe(1);
    expect(list.headers()['x-total-count']).toBe('1');
    const revoked = await request.delete('/sessions', { headers: json });
    expect(await revoked.json()).toEqual({ count: 1 });
    expect((await request.get('/sessions/whoami', { headers: json })).status()).toBe(200);
    expect((await request.get('/sessions/whoami', { headers: { ...json, 'X-Session-Token': other } })).status()).toBe(401);
    expect((await request.get('/sessions/token-exchange', { headers: json })).status()).toBe(400);
  });
});
