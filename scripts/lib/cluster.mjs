// @ts-check
/**
 * A server in several processes that share one port (node:cluster), so that page rendering, which
 * keeps one core busy per process, can use every core of the machine. The processes share nothing
 * but the database and storage (ARCHITECTURE.md: nothing is kept in process memory that a second
 * instance would need), exactly as instances behind a load balancer would.
 *
 * The primary only forks, watches and stops its workers; it serves nothing itself. A worker that
 * dies after it was serving is replaced at once (its siblings keep serving meanwhile). One that dies
 * before it ever listened would die again (bad configuration, a broken build), and so would one
 * that keeps dying: the primary then stops all and exits with that code, and the service's
 * supervisor (scripts/lib/supervise.ts) takes over.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** Replacements of workers allowed in RESTART_WINDOW_MS before the primary gives up. */
const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;
/** How long the workers may take to finish their requests when stopped. */
const STOP_GRACE_MS = 6000;

/**
 * How many processes serve: `APP_PROCESSES` when set (1–64), else one per core but one, at least one.
 * The core left over is for PostgreSQL, the identity service and the job worker, which `npm start`
 * runs on the same machine: with as many app processes as cores, every query and session check
 * waited for a core, and the answers' p95 rose (docs/adr/0020-app-processes.md).
 * @param {string | undefined} [configured]
 */
export function processCount(configured = process.env.APP_PROCESSES) {
  if (configured === undefined || configured === '') return Math.max(1, availableParallelism() - 1);
  const count = Number(configured);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`APP_PROCESSES must be a whole number from 1 to 64, not "${configured}"`);
  return count;
}

/**
 * In the primary: forks `count` workers running this same script and supervises them; returns
 * false. In a worker (or with a count of 1, in the process itself): returns true, and the caller serves.
 * @param {number} count
 * @param {{ name: string; onReady?: () => void }} options
 */
export function serveInProcesses(count, { name, onReady }) {
  if (count <= 1 || cluster.isWorker) return true;
  /** @type {Set<number>} workers that listened at least once */
  const served = new Set();
  /** @type {Map<number, import('node:cluster').Worker>} workers not yet exited */
  const live = new Map();
  const fork = () => {
    const worker = cluster.fork();
    live.set(worker.id, worker);
  };
  /** @type {number[]} */
  let restarts = [];
  /** @type {number | null} the code to exit with once the last worker is gone */
  let stopping = null;
  let ready = false;

  cluster.on('listening', (worker) => {
    served.add(worker.id);
    if (!ready && served.size >= count) {
      ready = true;
      onReady?.();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker.id);
    if (stopping !== null) {
      if (live.size === 0) process.exit(stopping);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const now = Date.now();
    restarts = [...restarts.filter((t) => now - t < RESTART_WINDOW_MS), now];
    if (!served.has(worker.id) || restarts.length > RESTART_LIMIT) {
      console.error(`[${name}] a server process exited (${how})${served.has(worker.id) ? `, ${restarts.length} exits within a minute` : ' before it served'}; stopping`);
      stop(typeof code === 'number' && code !== 0 ? code : 1);
      return;
    }
    console.error(`[${name}] a server process exited (${how}); starting another`);
    fork();
  });

  /** @param {number} exitCode */
  function stop(exitCode) {
    stopping = exitCode;
    if (live.size === 0) process.exit(exitCode);
    for (const worker of live.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live.values()) worker.process.kill('SIGKILL');
      process.exit(exitCode);
    }, STOP_GRACE_MS).unref();
  }

  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) process.once(signal, () => stop(0));
  for (let i = 0; i < count; i++) fork();
  return false;
}
