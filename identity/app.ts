import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminRouter } from './admin-routes';
import type { Config } from './config';
import type { Ctx } from './context';
import { createMailer } from './courier/mailer';
import { scheduleCleanup } from './db/cleanup';
import { migrate } from './db/migrate';
import { createPool } from './db/pool';
import { sendError } from './flows/http';
import { errors, KratosError } from './http/errors';
import { drainRequest, parseRequest } from './http/request';
import { Res } from './http/response';
import type { Router } from './http/router';
import { publicRouter } from './public-routes';
import { loadKeys } from './security/secrets';

export interface RunningIdentity {
  publicUrl: string;
  adminUrl: string;
  ctx: Ctx;
  close(): Promise<void>;
}

/** Paths whose answers are JSON for every caller (no HTML redirect to the error UI). */
const alwaysJson = (path: string) =>
  /^\/(sessions|schemas|health)/.test(path) || /^\/self-service\/([a-z]+\/(api|flows)|errors|logout\/(browser|api)|fed-cm\/(parameters|token))\/?$/.test(path);

/** Constant-time comparison of the Authorization header with `Bearer <token>`. */
function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function handler(ctx: Ctx, router: Router, admin: boolean) {
  return async (raw: IncomingMessage, rawRes: ServerResponse) => {
    const res = new Res(rawRes);
    try {
      const req = await parseRequest(raw, ctx.cfg.trustedProxies);
      try {
        if (admin && !req.path.startsWith('/health/')) {
          // Loopback is no credential: every local process (and anything a local service can be
          // tricked into fetching) could otherwise create identities. Without a token the admin
          // API stays closed; only the health probes answer.
          if (!bearerMatches(req.headers.authorization, ctx.cfg.adminToken)) {
            throw errors.unauthorized(
              ctx.cfg.adminToken ? 'The admin API requires the bearer token configured in KRATOS_ADMIN_TOKEN.' : 'The admin API is closed: set KRATOS_ADMIN_TOKEN and send it as a bearer token.',
            );
          }
        }
        const m = router.match(req.method, req.path);
        if (m === null) throw errors.notFound('The requested resource could not be found');
        if (m === 'method') throw new KratosError(405, undefined, 'The requested method is not allowed', `Method ${req.method} is not allowed on ${req.path}.`);
        await m.handler(req, res, ...m.params);
      } catch (err) {
        if (!res.sent) await sendError(ctx, req, res, err, admin || alwaysJson(req.path));
      }
    } catch (err) {
      // A request refused while it is read (too large, unstorable text) is the caller's fault, not a 500.
      if (err instanceof KratosError) {
        // The rest of a refused body is still on its way: drop it (bounded) so the answer arrives,
        // and close the connection, which cannot carry another request.
        if (err.code === 413) {
          res.headers.Connection = 'close';
          await drainRequest(raw);
        }
        if (!res.sent) res.json(err.code, err.body());
        return;
      }
      console.error('identity: request failed', err);
      if (!res.sent) res.json(500, errors.internal('request failed').body());
    }
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Migrates the schema and starts the public and admin listeners. */
export async function startIdentity(cfg: Config): Promise<RunningIdentity> {
  const db = createPool(cfg.databaseUrl);
  const applied = await migrate(db);
  if (applied.length) console.log(`identity: applied migrations ${applied.join(', ')}`);
  const keys = await loadKeys(db, cfg.cookieSecret);
  const ctx: Ctx = { cfg, db, keys, mailer: createMailer(cfg, db) };
  const pub = createServer(handler(ctx, publicRouter(ctx), false));
  const adm = createServer(handler(ctx, adminRouter(ctx), true));
  pub.keepAliveTimeout = 65_000;
  const pubPort = await listen(pub, cfg.publicPort, cfg.host);
  const admPort = await listen(adm, cfg.adminPort, cfg.adminHost);
  const stopCleanup = scheduleCleanup(db);
  const hostOf = (h: string) => (h.includes(':') ? `[${h}]` : h);
  return {
    publicUrl: `http://${hostOf(cfg.host)}:${pubPort}`,
    adminUrl: `http://${hostOf(cfg.adminHost)}:${admPort}`,
    ctx,
    async close() {
      stopCleanup();
      await Promise.all([new Promise((r) => pub.close(r)), new Promise((r) => adm.close(r))]);
      pub.closeAllConnections();
      adm.closeAllConnections();
      await db.end();
    },
  };
}
