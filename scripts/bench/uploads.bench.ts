/**
 * Upload throughput over loopback through the app (issue 14, "Measure"): the stack started the way
 * `npm test -- e2e` starts it (production build, identity service, worker, app, demo seed), admin@
 * signed in over HTTP, then a 512 MiB scan (LAS signature + random bytes) sent with tus 1.0 as the
 * browser client sends it: PATCH requests of UPLOAD_REQUEST_BYTES (the app's OPTIONS answer), each
 * with an `Upload-Checksum: sha256`. The client's digests are computed before the clock starts (a
 * browser hashes on its own machine; here client and app share two cores), so the figure is the app's.
 *
 * Figures (MiB/s, from the first PATCH to the answer of the last, so they include the finish hook:
 * SHA-256 of the stored file, the move into place, the rows and the queued dataset.import):
 * with checksums; without (after the first request, which is read whole for the content check,
 * the bodies stream into the store); and the second half of an upload after a resume (HEAD for the
 * offset on a fresh connection). Also the raw loopback rate of the same requests to a Node server
 * that discards the body, so the app's share can be told from the client's and the kernel's.
 *
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench uploads` (it may rebuild .next).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { prefixed } from '../lib/log';
import { cookieHeader, prepareStack, signIn, startStack, stopStack } from './lib/app';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 512) * MiB;
const log = prefixed('uploads-bench', 5);

const meta = (m: Record<string, string | number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');

/** The PATCH bodies of `bytes` from `from` on, with their checksums computed before the clock starts. */
function requestsOf(bytes: Buffer, from: number, requestBytes: number, checksum: boolean) {
  const parts: { at: number; body: Uint8Array<ArrayBuffer>; checksum?: string }[] = [];
  for (let at = from; at < bytes.length; at += requestBytes) {
    const part = bytes.subarray(at, Math.min(bytes.length, at + requestBytes));
    const body = new Uint8Array(part.buffer, part.byteOffset, part.byteLength) as Uint8Array<ArrayBuffer>;
    parts.push({ at, body, ...(checksum ? { checksum: `sha256 ${createHash('sha256').update(part).digest('base64')}` } : {}) });
  }
  return parts;
}

async function send(origin: string, url: string, bytes: Buffer, from: number, requestBytes: number, headers: Record<string, string>, checksum: boolean): Promise<number> {
  const parts = requestsOf(bytes, from, requestBytes, checksum);
  const started = performance.now();
  for (const { at, body, checksum: sum } of parts) {
    const h: Record<string, string> = { ...headers, 'Upload-Offset': String(at), 'Content-Type': 'application/offset+octet-stream' };
    if (sum) h['Upload-Checksum'] = sum;
    const res = await fetch(`${origin}${url}`, { method: 'PATCH', headers: h, body });
    if (res.status !== 204) throw new Error(`PATCH at ${at}: ${res.status} ${await res.text()}`);
  }
  return (bytes.length - from) / MiB / ((performance.now() - started) / 1000);
}

async function create(origin: string, headers: Record<string, string>, missionId: number, filename: string, size: number): Promise<string> {
  const res = await fetch(`${origin}/api/v2/uploads`, { method: 'POST', headers: { ...headers, 'Upload-Length': String(size), 'Upload-Metadata': meta({ missionId, filename, purpose: 'scan' }) } });
  if (res.status !== 201) throw new Error(`POST: ${res.status} ${await res.text()}`);
  return res.headers.get('location')!;
}

/** The same requests to a server that only reads and drops the body: the floor of client + loopback. */
async function rawLoopback(bytes: Buffer, requestBytes: number): Promise<number> {
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    return await send(origin, '/x', bytes, 0, requestBytes, {}, true);
  } finally {
    server.close();
  }
}

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const stack = await prepareStack(ctx.databaseUrl, 'uploads');
  try {
    await startStack(stack, 900_000);
    const origin = stack.app;
    const cookie = cookieHeader(await signIn(origin, 'admin@example.com', 'Argus-Demo-2026!'));
    const headers = { 'Tus-Resumable': '1.0.0', Cookie: cookie, Origin: origin };
    const options = await fetch(`${origin}/api/v2/uploads`, { method: 'OPTIONS' });
    const requestBytes = Number(options.headers.get('argus-upload-request-bytes'));
    const db = new pg.Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const missionId = Number((await db.query<{ id: string }>('select id from mission order by id limit 1')).rows[0]!.id);
    const bytes = Buffer.concat([Buffer.from('LASF'), randomBytes(SIZE - 4)]);

    const withChecksum = await send(origin, await create(origin, headers, missionId, 'bench-checksum.las', SIZE), bytes, 0, requestBytes, headers, true);
    log(`with sha256 checksums: ${withChecksum.toFixed(0)} MiB/s`);
    const plain = await send(origin, await create(origin, headers, missionId, 'bench-plain.las', SIZE), bytes, 0, requestBytes, headers, false);
    log(`without checksums: ${plain.toFixed(0)} MiB/s`);

    const url = await create(origin, headers, missionId, 'bench-resumed.las', SIZE);
    const half = Math.floor(SIZE / 2 / requestBytes) * requestBytes;
    await send(origin, url, bytes.subarray(0, half) as Buffer, 0, requestBytes, headers, true).catch(() => undefined);
    const head = await fetch(`${origin}${url}`, { method: 'HEAD', headers });
    const offset = Number(head.headers.get('upload-offset'));
    const resumed = await send(origin, url, bytes, offset, requestBytes, headers, true);
    log(`after a resume at ${offset / MiB} MiB: ${resumed.toFixed(0)} MiB/s`);
    const stored = await db.query<{ n: string }>("select count(*) as n from upload where state = 'finished' and filename like 'bench-%'");
    await db.end();
    const raw = await rawLoopback(bytes, requestBytes);
    log(`raw loopback (body discarded): ${raw.toFixed(0)} MiB/s`);
    return {
      fileMiB: SIZE / MiB,
      requestMiB: requestBytes / MiB,
      withChecksumMiBps: Math.round(withChecksum),
      withoutChecksumMiBps: Math.round(plain),
      afterResumeMiBps: Math.round(resumed),
      rawLoopbackMiBps: Math.round(raw),
      finishedUploads: Number(stored.rows[0]!.n),
    };
  } finally {
    await stopStack(stack);
  }
}
