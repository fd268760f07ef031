/** @jest-environment node */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { guardNodeRequest } from '@/lib/server/guard/node-guard';
import { guardPage, isPagePath, type PageOutcome } from '@/lib/server/guard/page-guard';

// The guard's decisions are the route guard's (route-guard.test.ts) and reach the identity
// service (e2e guard.spec.ts); here only how the app's server applies one to Node's request.
jest.mock('@/lib/server/guard/page-guard', () => ({ ...jest.requireActual('@/lib/server/guard/page-guard'), guardPage: jest.fn() }));
const decided = guardPage as jest.MockedFunction<typeof guardPage>;

function exchange(url: string, headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  req.headers = { host: 'argus.test', ...headers };
  return { req, res: new ServerResponse(req) };
}

const forged = { 'x-argus-session': 'forged', 'x-argus-url': 'https://evil.test/', 'x-argus-guarded': '1' };

beforeEach(() => decided.mockReset());

it('takes the pages the middleware matcher took: pages, not the API, the identity proxy, Next files or static files', () => {
  for (const page of ['/', '/mission/12', '/mission-list', '/auth/signin', '/logout', '/sessionsx', '/not-found']) expect([page, isPagePath(page)]).toEqual([page, true]);
  for (const other of ['/api/v2/missions', '/self-service/login/browser', '/sessions', '/sessions/whoami', '/_next/static/a.js', '/favicon.svg', '/logo/argus.svg', '/maplibre-gl-worker.mjs', '/map/basemap/land.json', '/map/fonts/Noto%20Sans%20Regular/0-255.pbf', '/i18n/en/shared.1.json', '/x.png']) {
    expect([other, isPagePath(other)]).toEqual([other, false]);
  }
});

it("drops a client's copies of the guard's headers on every request, and leaves what is not a page to Next", async () => {
  const { req, res } = exchange('/api/v2/missions', forged);
  expect(await guardNodeRequest(req, res)).toBe(false);
  expect(req.headers).toEqual({ host: 'argus.test' });
  expect(decided).not.toHaveBeenCalled();
});

it('hands a page on with the headers the guard set, at the address it rewrote to, marked as guarded', async () => {
  decided.mockResolvedValue({ kind: 'render', path: '/not-found', requestHeaders: { 'x-argus-url': 'http://argus.test/nowhere' }, responseHeaders: { 'content-security-policy': "script-src 'nonce-abc'" }, setCookies: ['csrf=1; HttpOnly', 'flow=2; HttpOnly'] } satisfies PageOutcome);
  const { req, res } = exchange('/nowhere?_rsc=1', { ...forged, cookie: 'a=b' });
  expect(await guardNodeRequest(req, res)).toBe(false);
  expect(decided.mock.calls[0]![0].url.href).toBe('http://argus.test/nowhere?_rsc=1');
  expect(decided.mock.calls[0]![0].headers.get('x-argus-session')).toBeNull();
  expect(req.url).toBe('/not-found');
  expect(req.headers).toEqual({ host: 'argus.test', cookie: 'a=b', 'x-argus-url': 'http://argus.test/nowhere', 'x-argus-guarded': '1' });
  expect(res.getHeader('content-security-policy')).toBe("script-src 'nonce-abc'");
  expect(res.getHeader('set-cookie')).toEqual(['csrf=1; HttpOnly', 'flow=2; HttpOnly']);
  expect(res.headersSent).toBe(false);
});

it('answers a redirect itself, with 303 and the security headers', async () => {
  decided.mockResolvedValue({ kind: 'redirect', location: '/auth/signin?return_to=x', responseHeaders: { 'x-frame-options': 'DENY' } } satisfies PageOutcome);
  const { req, res } = exchange('/planner');
  expect(await guardNodeRequest(req, res)).toBe(true);
  expect(res.statusCode).toBe(303);
  expect(res.getHeader('location')).toBe('/auth/signin?return_to=x');
  expect(res.getHeader('x-frame-options')).toBe('DENY');
});

it('reads a Host header no URL can have as no host at all', async () => {
  decided.mockResolvedValue({ kind: 'render', path: null, requestHeaders: {}, responseHeaders: {}, setCookies: [] } satisfies PageOutcome);
  const { req, res } = exchange('/planner', { host: 'bad host' });
  await guardNodeRequest(req, res);
  expect(decided.mock.calls[0]![0].url.href).toBe('http://localhost/planner');
});
