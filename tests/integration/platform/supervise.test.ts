import { freePort } from '@/scripts/lib/ports';
import type { Running } from '@/scripts/lib/processes';
import { supervise, type Supervised } from '@/scripts/lib/supervise';

/*
 * The orchestrator's supervision (`npm start`, scripts/start.ts) on a tiny real child process: an
 * HTTP server that answers with its pid. Killed with SIGKILL it comes back and answers again; one
 * that keeps dying is given up; stopping it never restarts it.
 */

const CHILD = `
  if (process.env.IGNORE_SIGTERM) process.on('SIGTERM', () => {});
  require('node:http').createServer((_q, s) => s.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1');
`;

interface Started {
  service: Supervised;
  starts: Running[];
  lines: string[];
  gaveUp: string[];
  /** Resolves when the n-th start (1-based) has spawned. */
  start(n: number): Promise<Running>;
  url: string;
}

const services: Supervised[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.stop(500)));
});

async function startChild(options: { limit?: number; env?: Record<string, string> } = {}): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const starts: Running[] = [];
  const lines: string[] = [];
  const gaveUp: string[] = [];
  const waiters: Array<{ n: number; done: (r: Running) => void }> = [];
  const service = supervise(
    { name: 'tiny', command: process.execPath, args: ['-e', CHILD], readyUrl: url },
    {
      index: 0,
      cwd: process.cwd(),
      env: { ...process.env, PORT: String(port), ...options.env },
      policy: { initialDelayMs: 20, maxDelayMs: 100, limit: options.limit ?? 3, windowMs: 60_000, readyTimeoutMs: 15_000 },
      log: (line) => lines.push(line),
      onStart: (running) => {
        starts.push(running);
        for (const w of waiters.filter((w) => w.n === starts.length)) w.done(running);
      },
      onGiveUp: (message) => gaveUp.push(message),
    },
  );
  services.push(service);
  const start = (n: number) => (starts.length >= n ? Promise.resolve(starts[n - 1]!) : new Promise<Running>((done) => waiters.push({ n, done })));
  return { service, starts, lines, gaveUp, start, url };
}

const pidAt = async (url: string) => Number(await (await fetch(url)).text());

it('a child killed with SIGKILL is restarted and answers again', async () => {
  const s = await startChild();
  await s.service.ready(15_000);
  const first = await pidAt(s.url);
  expect(first).toBe(s.starts[0]!.child.pid);

  process.kill(first, 'SIGKILL');
  const second = await s.start(2);
  await s.service.ready(15_000);
  expect(await pidAt(s.url)).toBe(second.child.pid);
  expect(second.child.pid).not.toBe(first);
  expect(s.lines).toContain('tiny exited unexpectedly (signal SIGKILL); restarting in 20 ms (restart 1 of 3)');
  expect(s.gaveUp).toEqual([]);
});

it('a child that keeps dying is given up after the restart limit', async () => {
  const s = await startChild({ limit: 2 });
  for (let n = 1; n <= 3; n += 1) {
    const running = await s.start(n);
    await s.service.ready(15_000);
    process.kill(running.child.pid!, 'SIGKILL');
    await running.exited;
  }
  await new Promise<void>((done) => {
    const check = () => (s.gaveUp.length ? done() : setImmediate(check));
    check();
  });
  expect(s.gaveUp).toEqual(['tiny exited unexpectedly (signal SIGKILL) after 2 restarts within 60 s; giving up']);
  expect(s.lines.filter((l) => l.includes('restarting in'))).toEqual([
    'tiny exited unexpectedly (signal SIGKILL); restarting in 20 ms (restart 1 of 2)',
    'tiny exited unexpectedly (signal SIGKILL); restarting in 40 ms (restart 2 of 2)',
  ]);
  expect(s.starts).toHaveLength(3);
  await expect(s.service.ready(1000)).rejects.toThrow('tiny crashed too often');
});

it('stop() sends SIGTERM, SIGKILL after the grace period, and never restarts', async () => {
  const s = await startChild({ env: { IGNORE_SIGTERM: '1' } });
  await s.service.ready(15_000);
  const running = s.starts[0]!;
  await s.service.stop(300);
  expect(running.child.signalCode).toBe('SIGKILL'); // it ignored SIGTERM
  // The exit is handled on the next turn of the event loop; give it that turn, then look.
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  expect(s.starts).toHaveLength(1);
  expect(s.lines).toEqual([]);
});
