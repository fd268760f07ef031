import { expect, test } from '@playwright/test';

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
