/**
 * Upload throughput over loopback through the app (issue 14, "Measure"): the stack started the way
 * `npm test -- e2e` starts it (production build, identity service, worker, app, demo seed), admin@
 * signed in over HTTP, then a 512 MiB scan (LAS signature + random bytes) sent with tus 1.0 as the
 * browser client sends it: PATCH requests of UPLOAD_REQUEST_BYTES (the app's OPTIONS answer), each
 * with an `Upload-Checksum: sha256`, one after another on one kept-alive connection. The client's
 * digests are computed before the clock starts (a browser hashes on its own machine; here client and
 * app share two cores), and it sends with node:http, which costs a fifth of fetch's CPU per byte
 * (0.5 against 2-6 ms/MiB measured here), so the figure is the app's.
 *
 * Before the measurements: a 3-request upload (Next loads the upload routes on their first request,
 * and the route registers the direct PATCH path), and before each measurement the bench waits until
 * the worker has no job queued or running: the demo scan's conversion (about 12 s of CPU) ran during
 * the first measurement, and each measured upload queues its own dataset.import (a random "LAS"
 * fails at its header within a second). The wait and the worker's CPU meanwhile are reported
 * (`workerBefore`); so the worker's work is measured apart, not hidden.
 *
 * Figures (MiB/s, from the first PATCH to the answer of the last, so they include the finish hook:
 * the running SHA-256, the move into place, the rows and the queued dataset.import): with checksums;
 * without; and the second half of an upload after a resume (HEAD for the offset after more than the
 * admission's 3 s, so the first request is admitted afresh). For each, the CPU milliseconds per MiB
 * of every process (app, worker, PostgreSQL, identity service, this client; the app's main thread
 * apart from its other threads, from /proc) and the load average around it: on a machine shared
 * with other work the wall clock measures the others too, CPU per MiB much less so. Also the raw
 * loopback rate of the same requests to a Node server in a process of its own that discards the
 * body, the floor of client + kernel.
 *
 * `BENCH_UPLOAD_MIB` shrinks the file; `BENCH_UPLOAD_PROFILE=<folder>` writes every process's CPU
 * profile after the first measurement (scripts/profile/summary.ts reads them).
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench uploads` (it may rebuild .next).
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { prefixed } from '../lib/log';
import { join } from 'node:path';
import { root } from '../lib/context';
import { collectProfiles } from '../profile/collect-profiles';
import { cookieHeader, prepareStack, signIn, startStack, stopStack } from './lib/app';
import { cpuMeter, pidBelow, pidListeningOn, threadCpuMs } from './lib/process-cpu';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 512) * MiB;
const log = prefixed('uploads-bench', 5);

const meta = (m: Record<string, string | number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');

interface Part {
  at: number;
  body: Buffer;
  checksum?: string;
}

/** The PATCH bodies of `bytes` from `from` on, with their checksums computed before the clock starts. */
function requestsOf(bytes: Buffer, from: number, requestBytes: number, checksum: boolean): Part[] {
  const parts: Part[] = [];
  for (let at = from; at < bytes.length; at += requestBytes) {
    const body = bytes.subarray(at, Math.min(bytes.length, at + requestBytes));
    parts.push({ at, body, ...(checksum ? { checksum: `sha256 ${createHash('sha256').update(body).digest('base64')}` } : {}) });
  }
  return parts;
}

/** One connection kept open, as a browser keeps one to the app. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One PATCH with node:http (a fifth of fetch's CPU per byte: the client shares the two cores with the app). */
function patch(origin: string, url: string, part: Part, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const h: Record<string, string | number> = { ...headers, 'Upload-Offset': String(part.at), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': part.body.byteLength };
  if (part.checksum) h['Upload-Checksum'] = part.checksum;
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${url}`, { method: 'PATCH', headers: h, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(part.body);
  });
}

async function send(origin: string, url: string, parts: Part[], headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  for (const part of parts) {
    const res = await patch(origin, url, part, headers);
    if (res.status !== 204) throw new Error(`PATCH at ${part.at}: ${res.status} ${res.body}`);
  }
  const bytes = parts.reduce((n, p) => n + p.body.byteLength, 0);
  return bytes / MiB / ((performance.now() - started) / 1000);
}

async function create(origin: string, headers: Record<string, string>, missionId: number, filename: string, size: number): Promise<string> {
  const res = await fetch(`${origin}/api/v2/uploads`, { method: 'POST', headers: { ...headers, 'Upload-Length': String(size), 'Upload-Metadata': meta({ missionId, filename, purpose: 'scan' }) } });
  if (res.status !== 201) throw new Error(`POST: ${res.status} ${await res.text()}`);
  return res.headers.get('location')!;
}

/** A server that only reads and drops the body, in a process of its own as the app is. */
const RAW_SERVER = `require('node:http').createServer((req, res) => { req.on('data', () => {}); req.on('end', () => res.writeHead(204).end()); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

/** The same requests to RAW_SERVER: the floor of client + loopback. MiB/s and CPU ms/MiB of client and server. */
async function rawLoopback(parts: Part[]): Promise<{ MiBps: number; cpuMsPerMiB: Record<string, number> }> {
  const server = spawn(process.execPath, ['-e', RAW_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    const meter = cpuMeter({ server: server.pid! });
    const own = process.cpuUsage();
    const MiBps = await send(`http://127.0.0.1:${port}`, '/x', parts, {});
    const client = process.cpuUsage(own);
    const mib = parts.reduce((n, p) => n + p.body.byteLength, 0) / MiB;
    const used = { ...meter.sample(), client: (client.user + client.system) / 1000 };
    return { MiBps: Math.round(MiBps), cpuMsPerMiB: Object.fromEntries(Object.entries(used).map(([k, v]) => [k, Math.round((v / mib) * 100) / 100])) };
  } finally {
    server.kill();
  }
}

/** CPU ms per MiB of each process over one phase, and the load average around it. */
interface Phase {
  MiBps: number;
  cpuMsPerMiB: Record<string, number>;
  load: [number, number];
}

/**
 * Waits until no job is queued or running: the worker importing (and converting) the demo scan or
 * the previous measurement's upload would otherwise share the two cores with the next measurement.
 * Returns the seconds waited and the worker's CPU meanwhile (the import's own cost, reported apart).
 */
async function workerIdle(db: pg.Client, meter: ReturnType<typeof cpuMeter> | null): Promise<{ waitedS: number; workerCpuMs: number }> {
  meter?.sample();
  const started = performance.now();
  for (;;) {
    const busy = await db.query<{ n: string }>("select count(*) as n from job where state in ('queued', 'running') and type <> 'maintenance.cleanup'");
    if (Number(busy.rows[0]!.n) === 0) break;
    if (performance.now() - started > 900_000) throw new Error('the worker did not finish its jobs within 15 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { waitedS: Math.round((performance.now() - started) / 100) / 10, workerCpuMs: Math.round(meter?.sample().worker ?? 0) };
}

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const stack = await prepareStack(ctx.databaseUrl, 'uploads');
  // BENCH_UPLOAD_PROFILE=<folder>: every process of the stack samples its CPU, and writes its profile
  // there after the first measurement (read them with scripts/profile/summary.ts).
  const profileDir = process.env.BENCH_UPLOAD_PROFILE;
  if (profileDir) {
    stack.env.NODE_OPTIONS = `--import ${join(root, 'scripts', 'profile', 'cpu-profile-hook.mjs')}`;
    stack.env.ARGUS_PROFILE_DIR = profileDir;
  }
  try {
    await startStack(stack, 900_000);
    const origin = stack.app;
    const roots = {
      app: pidListeningOn(stack.port),
      worker: pidBelow(stack.running[0]!.child.pid!, 'scripts/worker.ts'),
      postgres: pidListeningOn(Number(new URL(ctx.databaseUrl).port)),
      identity: pidListeningOn(stack.identityPublic),
    };
    const meter = Object.values(roots).every((p) => p !== null) ? cpuMeter(roots as Record<string, number>) : null;
    if (!meter) log(`CPU per process not measured: ${JSON.stringify(roots)}`);
    const cookie = cookieHeader(await signIn(origin, 'admin@example.com', 'Argus-Demo-2026!'));
    const headers = { 'Tus-Resumable': '1.0.0', Cookie: cookie, Origin: origin };
    const options = await fetch(`${origin}/api/v2/uploads`, { method: 'OPTIONS' });
    const requestBytes = Number(options.headers.get('argus-upload-request-bytes'));
    const db = new pg.Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const missionId = Number((await db.query<{ id: string }>('select id from mission order by id limit 1')).rows[0]!.id);
    const bytes = Buffer.concat([Buffer.from('LASF'), randomBytes(SIZE - 4)]);

    // A small upload first: Next loads the upload routes (and the route registers the direct PATCH
    // path, node-patch.ts) on the first request, which the first measurement would otherwise pay.
    const warmUpBytes = bytes.subarray(0, Math.min(SIZE, 3 * requestBytes));
    await send(origin, await create(origin, headers, missionId, 'bench-warm-up.las', warmUpBytes.byteLength), requestsOf(warmUpBytes, 0, requestBytes, true), headers);

    const idle: Record<string, Awaited<ReturnType<typeof workerIdle>>> = {};
    /** Sends `bytes` from `from` on, measuring wall clock and every process's CPU. */
    const measured = async (name: string, url: string, from: number, checksum: boolean): Promise<Phase> => {
      const parts = requestsOf(bytes, from, requestBytes, checksum);
      idle[name] = await workerIdle(db, meter);
      const load0 = loadavg()[0]!;
      meter?.sample();
      const threads0 = roots.app ? threadCpuMs(roots.app) : {};
      const own = process.cpuUsage();
      const MiBps = await send(origin, url, parts, headers);
      const client = process.cpuUsage(own);
      const threads = roots.app ? threadCpuMs(roots.app) : {};
      // The app's main thread apart: it is the one a request waits for; the thread pool (file writes,
      // WebCrypto) and V8's helper threads run beside it.
      const appThreads = { 'app main thread': (threads.main ?? 0) - (threads0.main ?? 0), 'app other threads': (threads['other threads'] ?? 0) - (threads0['other threads'] ?? 0) };
      const used = { ...meter?.sample(), ...appThreads, client: (client.user + client.system) / 1000 };
      const mib = (bytes.length - from) / MiB;
      const cpuMsPerMiB = Object.fromEntries(Object.entries(used).map(([k, v]) => [k, Math.round((v / mib) * 100) / 100]));
      const phase: Phase = { MiBps: Math.round(MiBps), cpuMsPerMiB, load: [Math.round(load0 * 100) / 100, Math.round(loadavg()[0]! * 100) / 100] };
      log(`${name}: ${phase.MiBps} MiB/s, CPU ms/MiB ${JSON.stringify(cpuMsPerMiB)}, load ${phase.load.join(' → ')}`);
      return phase;
    };

    const withChecksum = await measured('with sha256 checksums', await create(origin, headers, missionId, 'bench-checksum.las', SIZE), 0, true);
    if (profileDir) await collectProfiles(profileDir);
    const plain = await measured('without checksums', await create(origin, headers, missionId, 'bench-plain.las', SIZE), 0, false);

    // The first half, then (after the worker is idle again: more than the admission's 3 s, so the
    // first request after the resume is admitted afresh) HEAD for the offset and the second half.
    const url = await create(origin, headers, missionId, 'bench-resumed.las', SIZE);
    const half = Math.floor(SIZE / 2 / requestBytes) * requestBytes;
    await send(origin, url, requestsOf(bytes.subarray(0, half), 0, requestBytes, true), headers);
    await workerIdle(db, meter);
    const head = await fetch(`${origin}${url}`, { method: 'HEAD', headers });
    const offset = Number(head.headers.get('upload-offset'));
    const resumed = await measured(`after a resume at ${offset / MiB} MiB`, url, offset, true);
    const lastImport = await workerIdle(db, meter);
    const stored = await db.query<{ n: string }>("select count(*) as n from upload where state = 'finished' and filename like 'bench-%'");
    await db.end();
    const raw = await rawLoopback(requestsOf(bytes, 0, requestBytes, true));
    log(`raw loopback (body discarded, server in a process of its own): ${raw.MiBps} MiB/s, CPU ms/MiB ${JSON.stringify(raw.cpuMsPerMiB)}`);
    return {
      fileMiB: SIZE / MiB,
      requestMiB: requestBytes / MiB,
      withChecksumMiBps: withChecksum.MiBps,
      withoutChecksumMiBps: plain.MiBps,
      afterResumeMiBps: resumed.MiBps,
      rawLoopbackMiBps: raw.MiBps,
      cpuMsPerMiB: { withChecksum: withChecksum.cpuMsPerMiB, withoutChecksum: plain.cpuMsPerMiB, afterResume: resumed.cpuMsPerMiB, rawLoopback: raw.cpuMsPerMiB },
      loadAverage: { withChecksum: withChecksum.load, withoutChecksum: plain.load, afterResume: resumed.load },
      workerBefore: { ...idle, 'after the last upload': lastImport },
      finishedUploads: Number(stored.rows[0]!.n),
    };
  } finally {
    await stopStack(stack);
  }
}
