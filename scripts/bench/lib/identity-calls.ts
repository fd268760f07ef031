/**
 * Identity calls per navigation (issue 20 point 7, "Measure"): a second app process on the
 * stack's production build — the same server (scripts/app-server.mjs), database, identity service
 * and hand-off key — whose identity service is reached through a counting proxy. N document
 * requests of a signed-in page; whoami calls seen by the proxy ÷ N.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { root } from '../../lib/context';
import { freePort } from '../../lib/database';
import { startService, stopAll, waitReady } from '../../lib/processes';
import { APP_NODE_FLAGS } from '../../services/app';
import type { BenchStack } from './app';

function countingProxy(targetPort: number, counts: { whoami: number; other: number }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/sessions/whoami')) counts.whoami++;
    else counts.other++;
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

export async function identityCallsPerNavigation(stack: BenchStack, cookie: string, paths: string[], rounds = 20): Promise<{ perNavigation: number; navigations: number; whoamiCalls: number }> {
  const counts = { whoami: 0, other: 0 };
  const proxy = await countingProxy(stack.identityPublic, counts);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const app = startService({ name: 'app-counted', command: process.execPath, args: [...APP_NODE_FLAGS, 'scripts/app-server.mjs', '--port', String(port)] }, 4, root, {
    ...stack.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: origin,
    SESSION_HANDOFF_SECRET: readFileSync(join(stack.dataDir, 'session-handoff.key'), 'utf8').trim(),
    KRATOS_PUBLIC_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    KRATOS_ADMIN_URL: `http://127.0.0.1:${stack.identityAdmin}`,
  });
  try {
    await waitReady(app, `http://127.0.0.1:${port}/api/v2/health`, 60_000);
    const navigate = async (path: string) => {
      const res = await fetch(`${origin}${path}`, { headers: { Cookie: cookie, Accept: 'text/html', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    };
    for (const path of paths) await navigate(path); // first renders load code; not counted
    counts.whoami = 0;
    for (let i = 0; i < rounds; i++) for (const path of paths) await navigate(path);
    const navigations = rounds * paths.length;
    return { perNavigation: counts.whoami / navigations, navigations, whoamiCalls: counts.whoami };
  } finally {
    await stopAll([app]);
    proxy.closeAllConnections();
    await new Promise((done) => proxy.close(done));
  }
}
