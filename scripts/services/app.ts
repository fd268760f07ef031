import type { ServiceFactory } from '../lib/service';

/** The Next.js app: `next start` on the production build, or `next dev` with --dev. */
const app: ServiceFactory = (ctx) => ({
  name: 'app',
  command: process.execPath,
  args: [require.resolve('next/dist/bin/next'), ctx.dev ? 'dev' : 'start', '--port', String(ctx.env.PORT)],
  env: { ...ctx.childEnv, NODE_ENV: ctx.dev ? 'development' : 'production' },
  readyUrl: `http://127.0.0.1:${ctx.env.PORT}/api/v2/health`,
  order: 50,
});

export default app;
