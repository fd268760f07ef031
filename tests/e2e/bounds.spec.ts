import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * Issue 13 point 5 against the running app: every answer under /api/v2, /self-service and
 * /sessions is the JSON envelope — bad percent-encoding, a NUL in the query, oversized headers,
 * an oversized identity request and methods a route does not support included.
 */

type Answer = { status: number; type: string; body: { error?: { code?: string | number; message?: string; details?: { fields?: Record<string, string[]> } } } };

/** A raw HTTP request: the URL goes out exactly as written (no client normalising it). */
function raw(baseURL: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
  const base = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: Answer['body'] = {};
        try {
          parsed = JSON.parse(text) as Answer['body'];
        } catch {
          parsed = { error: { message: `not JSON: ${text.slice(0, 80)}` } };
        }
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('bad percent-encoding in the path or the query is a 400 in the envelope, not an HTML page', async ({ baseURL }) => {
  for (const path of ['/api/v2/missions/%E0%A4%A', '/api/v2/geocode?q=%E0%A4%A', '/api/v2/missions?search=%ZZ', '/self-service/login/browser?return_to=%C3%28']) {
    const answer = await raw(baseURL!, 'GET', path);
    expect(answer.status, path).toBe(400);
    expect(answer.type, path).toContain('application/json');
    expect(answer.body.error?.code, path).toBe('bad_request');
  }
});

test('a NUL in a query parameter is a 400 naming it', async ({ baseURL }) => {
  const answer = await raw(baseURL!, 'GET', '/api/v2/geocode?q=Haupt%00strasse');
  expect(answer.status).toBe(400);
  expect(answer.body.error?.code).toBe('validation');
  expect(answer.body.error?.details?.fields?.q).toEqual([{ key: 'validation.noNul', message: 'Must not contain a NUL character' }]);
});

test('headers larger than the parser takes are a 431 in the envelope, and the app keeps answering', async ({ baseURL, request }) => {
  const answer = await raw(baseURL!, 'GET', '/api/v2/health', { 'x-padding': 'a'.repeat(64 * 1024) });
  expect(answer.status).toBe(431);
  expect(answer.type).toContain('application/json');
  expect(answer.body.error?.code).toBe('bad_request');
  expect((await request.get('/api/v2/health')).status()).toBe(200);
});

test('an identity request over 1 MiB is a 413 from the proxy, and sign-in flows go on', async ({ baseURL, request }) => {
  const answer = await raw(baseURL!, 'POST', '/self-service/login?flow=00000000-0000-4000-8000-000000000000', { 'content-type': 'application/json' }, Buffer.alloc(2 * 1024 * 1024, 0x20));
  expect(answer.status).toBe(413);
  expect(answer.type).toContain('application/json');
  expect(answer.body.error?.code).toBe(413);
  const flow = await request.get('/self-service/login/browser', { headers: { accept: 'application/json' } });
  expect(flow.status()).toBe(200);
});

test('every method a route does not export is a 405 in the envelope (all app/api, /self-service and /sessions routes)', async ({ baseURL }) => {
  const root = join(__dirname, '..', '..', 'app');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'route.ts') routes.push(join(dir, entry.name));
    }
  };
  // The JSON API's folders; a route elsewhere (the message files, /i18n) is not answered in the envelope.
  for (const dir of ['api', 'self-service', 'sessions']) walk(join(root, dir));
  const tried: string[] = [];
  const failures: string[] = [];
  for (const file of routes) {
    const source = readFileSync(file, 'utf8');
    const exported = new Set([...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]));
    for (const m of source.matchAll(/export \{([^}]*)\}/g)) for (const name of m[1]!.matchAll(/as (GET|POST|PUT|PATCH|DELETE)\b/g)) exported.add(name[1]);
    const dirs = relative(root, file).split(sep).slice(0, -1);
    // The catch-all answers every method with its own 404; dynamic segments get a plausible value.
    if (dirs.some((d) => d.startsWith('[...'))) continue;
    const path = `/${dirs.filter((d) => !/^\(.*\)$/.test(d)).map((d) => (d.startsWith('[') ? '1' : d)).join('/')}`;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      if (exported.has(method)) continue;
      tried.push(`${method} ${path}`);
      const answer = await raw(baseURL!, method, path, method === 'GET' ? {} : { 'content-type': 'application/json' }, method === 'GET' ? undefined : Buffer.from('{}'));
      if (answer.status !== 405 || answer.body.error?.code !== 'method_not_allowed') failures.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
    }
  }
  expect(tried.length).toBeGreaterThan(100);
  expect(failures).toEqual([]);
});
