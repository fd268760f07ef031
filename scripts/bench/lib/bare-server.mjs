// @ts-check
/**
 * `next start`, in as many processes as the app serves from (scripts/lib/cluster.mjs: APP_PROCESSES,
 * else one per core but one), so that the bare page's throughput is compared like with like.
 * Usage: node bare-server.mjs --port N (in the built copy's folder).
 */
import { createRequire } from 'node:module';
import { processCount, serveInProcesses } from '../../lib/cluster.mjs';

const processes = processCount();
if (serveInProcesses(processes, { name: 'bare', onReady: () => console.log(`next start ready in ${processes} processes`) })) {
  const require = createRequire(import.meta.url);
  // Next's command line reads process.argv as `next start --port N`.
  process.argv.splice(1, Infinity, require.resolve('next/dist/bin/next'), 'start', ...process.argv.slice(2));
  require('next/dist/bin/next');
}
