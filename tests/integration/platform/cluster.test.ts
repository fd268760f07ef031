import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { processCount } from '@/scripts/lib/cluster.mjs';
import { freePort } from '@/scripts/lib/ports';

/*
 * The app's processes (scripts/lib/cluster.mjs, which scripts/app-server.mjs runs in production) on
 * a tiny real server that answers with its pid: as many processes as asked serve one port, one
 * that dies is replaced while the others serve on, one that cannot start stops them all with its
 * code, and SIGTERM stops every one.
 */

const dir = mkdtempSync(join(tmpdir(), 'argus-cluster-'));
const script = join(dir, 'tiny.mjs');
writeFileSync(
  script,
  `import { createServer } from 'node:http';
import { serveInProcesses } from ${JSON.stringify(join(process.cwd(), 'scripts', 'lib', 'cluster.mjs'))};
if (serveInProcesses(Number(process.env.COUNT), { name: 'tiny', onReady: () => console.log('ready') })) {
  if (process.env.FAIL_AT_START) process.exit(3);
  createServer((q, s) => (q.url === '/die' ? process.exit(1) : s.end(String(process.pid)))).listen(Number(process.env.PORT), '127.0.0.1');
}
`,
);

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function serve(count: number, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], { env: { ...process.env, COUNT: String(count), PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => out.includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
  });
  ready.catch(() => undefined); // awaited by the tests that expect it
  return { child, port, ready };
}

/** One request on a connection of its own (the cluster hands out connections, not requests). */
const pidAt = (port: number, path = '/') =>
  new Promise<number>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve(Number(body)));
    }).on('error', reject);
  });

async function pidsServing(port: number, requests = 12): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < requests; i++) pids.add(await pidAt(port));
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('serves one port from as many processes as asked, none of them the primary', async () => {
  const { child, port, ready } = await serve(3);
  await ready;
  const pids = await pidsServing(port);
  expect(pids.size).toBe(3);
  expect(pids.has(child.pid!)).toBe(false);
});

it('replaces a process that died, while the others serve on', async () => {
  const { port, ready } = await serve(2);
  await ready;
  const before = await pidsServing(port);
  expect(before.size).toBe(2);
  await pidAt(port, '/die').catch(() => undefined);
  let after = new Set<number>();
  for (let attempt = 0; attempt < 100 && ![...after].some((pid) => !before.has(pid)); attempt++) after = await pidsServing(port, 4);
  expect([...after].filter((pid) => !before.has(pid))).toHaveLength(1);
  expect([...before].filter(alive)).toHaveLength(1);
});

it('stops with the exit code of a process that could not start', async () => {
  const { child } = await serve(2, { FAIL_AT_START: '1' });
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(3);
});

it('stops every process on SIGTERM', async () => {
  const { child, port, ready } = await serve(2);
  await ready;
  const pids = await pidsServing(port);
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
  expect([...pids].filter(alive)).toEqual([]);
});

it('takes its number of processes from APP_PROCESSES, else one per core but one', () => {
  expect(processCount('3')).toBe(3);
  expect(processCount(undefined)).toBe(Math.max(1, availableParallelism() - 1));
  expect(processCount('')).toBe(Math.max(1, availableParallelism() - 1));
  for (const bad of ['0', '65', '1.5', 'two']) expect(() => processCount(bad)).toThrow('APP_PROCESSES must be a whole number from 1 to 64');
});
