import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceFactory } from '../lib/service';

/**
 * Node flags of the app process. A larger young generation: rendering a page allocates a lot of
 * short-lived objects, and with the default (16 MB) semi-space the app spent about 9 % of its CPU
 * in scavenges under load (profile in docs/performance.md); 64 MB cuts their number fourfold.
 */
export const APP_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * Preloaded into the app (NODE_OPTIONS, so whatever process Next forks has it too): it records
 * each connection's peer address, which Next.js does not hand to route handlers; the identity
 * proxy needs it to forward the browser's real address (lib/server/net/).
 */
const peerPreload = (root: string) => `--import=${pathToFileURL(join(root, 'lib', 'server', 'net', 'peer-address.mjs')).href}`;

/**
 * The Next.js app on the production build, or in dev mode with --dev: Next's request handler behind
 * our own small server (scripts/app-server.mjs), which answers what Next and Node's HTTP parser
 * would answer as HTML or an empty body in the JSON error envelope.
 */
const app: ServiceFactory = (ctx) => ({
  name: 'app',
  command: process.execPath,
  args: [...APP_NODE_FLAGS, 'scripts/app-server.mjs', ...(ctx.dev ? ['--dev'] : []), '--port', String(ctx.env.PORT)],
  env: {
    ...ctx.childEnv,
    NODE_ENV: ctx.dev ? 'development' : 'production',
    NODE_OPTIONS: [ctx.childEnv.NODE_OPTIONS, peerPreload(ctx.root)].filter(Boolean).join(' '),
  },
  readyUrl: `http://127.0.0.1:${ctx.env.PORT}/api/v2/health`,
  order: 50,
});

export default app;
