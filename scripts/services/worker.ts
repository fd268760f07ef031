import type { ServiceFactory } from '../lib/service';

/** The background job worker (pg-boss), on the same database as the app. */
const worker: ServiceFactory = (ctx) => ({
  name: 'worker',
  command: process.execPath,
  args: ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'],
  env: { ...ctx.childEnv },
  order: 30,
});

export default worker;
