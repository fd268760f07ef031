import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * whoami's answers other than "signed in" (the real identity service's 200 is covered in
 * access.test.ts): 401 and 403 mean nobody is signed in; an error status, a broken answer or no
 * answer at all mean the identity service is unavailable, which must never read as "signed out".
 */
describe('whoami when the identity service does not answer with a session', () => {
  let server: Server;
  let reply: (res: import('node:http').ServerResponse) => void = (res) => res.end();
  let seenCookie: string | undefined;
  let whoami: typeof import('@/lib/server/identity/whoami').whoami;
  let IdentityUnavailableError: typeof import('@/lib/server/identity/whoami').IdentityUnavailableError;

  // process.env is shared by the test files of this worker: put it back afterwards.
  const saved = { public: process.env.KRATOS_PUBLIC_URL, admin: process.env.KRATOS_ADMIN_URL };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seenCookie = req.headers.cookie;
      if (req.url !== '/sessions/whoami') return void res.writeHead(404).end();
      reply(res);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    process.env.KRATOS_PUBLIC_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.KRATOS_ADMIN_URL = 'http://127.0.0.1:9';
    ({ whoami, IdentityUnavailableError } = await import('@/lib/server/identity/whoami'));
  });

  afterAll(async () => {
    for (const [key, value] of [['KRATOS_PUBLIC_URL', saved.public], ['KRATOS_ADMIN_URL', saved.admin]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const json = (status: number, body: unknown) => (res: import('node:http').ServerResponse) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  it('asks nothing without a cookie', async () => {
    seenCookie = 'untouched';
    expect(await whoami(null)).toBeNull();
    expect(seenCookie).toBe('untouched');
  });

  it('forwards the cookie and returns an active session', async () => {
    reply = json(200, { id: 's1', active: true, identity: { id: 'i1' } });
    expect(await whoami('ory_kratos_session=abc')).toMatchObject({ id: 's1', identity: { id: 'i1' } });
    expect(seenCookie).toBe('ory_kratos_session=abc');
  });

  it.each([401, 403])('%i is nobody signed in', async (status) => {
    reply = json(status, { error: { code: status } });
    expect(await whoami('ory_kratos_session=abc')).toBeNull();
  });

  it('an inactive session is nobody signed in', async () => {
    reply = json(200, { id: 's1', active: false });
    expect(await whoami('ory_kratos_session=abc')).toBeNull();
  });

  it.each([
    ['a server error', json(500, { error: { code: 500 } })],
    ['an answer that is not JSON', (res: import('node:http').ServerResponse) => res.writeHead(200).end('<html>')],
    ['a connection dropped mid-answer', (res: import('node:http').ServerResponse) => res.socket?.destroy()],
  ])('%s is "unavailable", not "signed out"', async (_name, answer) => {
    reply = answer;
    await expect(whoami('ory_kratos_session=abc')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});
