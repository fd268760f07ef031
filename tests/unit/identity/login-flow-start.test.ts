/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The sign-in page's server-made login flow (issue 20): the identity service's browser-flow
// creation, called as the browser would call it, against a stand-in speaking its protocol.
let server: Server;
let answer: (req: IncomingMessage) => { status: number; body: unknown; cookies?: string[] };
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const { status, body, cookies = [] } = answer(req);
    res.writeHead(status, { 'content-type': 'application/json', 'set-cookie': cookies });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  process.env.KRATOS_PUBLIC_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.KRATOS_ADMIN_URL = 'http://127.0.0.1:1';
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  seen.length = 0;
});

const load = () => import('@/lib/server/identity/login-flow-start');
const CSRF = 'csrf_token_806060ca=bmV3IHRva2Vu; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax';

describe('startLoginFlow', () => {
  it('creates a browser flow with the browser cookies and language, and hands on its CSRF cookie', async () => {
    answer = () => ({ status: 200, body: { id: '2d5f0ce4-1b8e-4d39-9a57-5b1f0d1e2c3a', type: 'browser', ui: { nodes: [] } }, cookies: [CSRF] });
    const { startLoginFlow } = await load();
    const incoming = new Headers({ cookie: 'csrf_token_806060ca=old; other=1', 'accept-language': 'de-DE' });
    const started = await startLoginFlow(incoming, { returnTo: 'http://localhost:3000/mission/12', refresh: false });
    expect(started).toEqual({ id: '2d5f0ce4-1b8e-4d39-9a57-5b1f0d1e2c3a', setCookies: [CSRF], cookie: 'csrf_token_806060ca=bmV3IHRva2Vu; other=1' });
    expect(seen[0]!.url).toBe(`/self-service/login/browser?return_to=${encodeURIComponent('http://localhost:3000/mission/12')}`);
    expect(seen[0]!.headers.accept).toBe('application/json');
    expect(seen[0]!.headers.cookie).toBe('csrf_token_806060ca=old; other=1');
    expect(seen[0]!.headers['accept-language']).toBe('de-DE');
  });

  it('asks for a refresh flow when the page asks for one', async () => {
    answer = () => ({ status: 200, body: { id: 'f', type: 'browser' } });
    const { startLoginFlow } = await load();
    await startLoginFlow(new Headers(), { refresh: true });
    expect(seen[0]!.url).toBe('/self-service/login/browser?refresh=true');
  });

  it('gives up (the page then redirects as before) on a session, a non-browser answer or an unreachable service', async () => {
    const { startLoginFlow } = await load();
    answer = () => ({ status: 400, body: { error: { id: 'session_already_available' } } });
    await expect(startLoginFlow(new Headers({ cookie: 'ory_kratos_session=s' }), {})).resolves.toBeNull();
    answer = () => ({ status: 200, body: { id: 'a', type: 'api' } });
    await expect(startLoginFlow(new Headers(), {})).resolves.toBeNull();
    const url = process.env.KRATOS_PUBLIC_URL;
    jest.resetModules();
    process.env.KRATOS_PUBLIC_URL = 'http://127.0.0.1:1';
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect((await load()).startLoginFlow(new Headers(), {})).resolves.toBeNull();
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[signin\] starting a login flow: /));
    } finally {
      error.mockRestore();
      process.env.KRATOS_PUBLIC_URL = url;
      jest.resetModules();
    }
  });
});

describe('withSetCookies', () => {
  it('adds new cookies and replaces those of the same name', async () => {
    const { withSetCookies } = await load();
    expect(withSetCookies(null, [CSRF])).toBe('csrf_token_806060ca=bmV3IHRva2Vu');
    expect(withSetCookies('a=1; csrf_token_806060ca=x', [CSRF, 'b=2; Path=/'])).toBe('a=1; csrf_token_806060ca=bmV3IHRva2Vu; b=2');
    expect(withSetCookies('a=1', [])).toBe('a=1');
  });
});
