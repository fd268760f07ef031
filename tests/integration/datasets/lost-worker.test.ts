import './conversion-env';
import { spawn, type ChildProcess } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { datasetImportJob } from '@/lib/server/datasets/import-job';
import { conversion, dataset, job } from '@/lib/server/db/schema';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { conversionCount, conversionDistribute, conversionIndex, conversionMerge, datasetImport } from '@/lib/server/worker-handlers';
import { randomBatch } from '../../unit/pointcloud/synthetic';
import { waitFor } from '../jobs/harness';
import { keysUnder, readAll } from '../storage/helpers';
import { startAppHarness, type AppHarness } from './app-harness';

/*
 * Issue 14 point 8: a worker process killed (SIGKILL) while it indexes a cloud's chunks. Another
 * worker notices the missing heartbeat, runs the lost chunk jobs again and merges: the cloud holds
 * every point once, and nothing of the dead worker's attempt is left behind.
 */
jest.setTimeout(240_000);

const POINTS = 400_000;
let h: AppHarness;
let killed: ChildProcess | undefined;

beforeAll(async () => {
  h = await startAppHarness('conversion-lost-worker');
});
afterAll(async () => {
  if (killed && killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
  await h?.close();
});

/** `npm start`'s worker process (scripts/worker.ts, converter threads included) on the test's database and storage. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: h.url, STORAGE_DIR: process.env.STORAGE_DIR, CONVERSION_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

it('a conversion whose worker was killed mid-way is finished by another worker, whole', async () => {
  const missionId = h.w.m.provider.id;
  const bytes = await lasBytes({ pointFormat: 2, scale: [0.001, 0.001, 0.001], offset: [500000, 5400000, 300] }, [randomBatch(POINTS, 5)]);
  const key = `missions/${missionId}/uploads/lost/scan.las`;
  await h.storage.put(key, Buffer.from(bytes));

  const ds = await createDatasetFromJson(h.t.system, { missionId, datasetId: 'lost-1', type: 'outdoor', storageKey: key, sizeBytes: bytes.byteLength });
  await h.t.system.jobs.enqueue(h.t.db, datasetImportJob, { datasetId: ds.id }, { missionId });

  // Indexing has begun and is not over: some chunks are done, and the worker is running one that
  // is not. A chunk job between marking its chunk done and recording its own success still shows
  // as running, but nothing of it is lost; when the kill lands there (or a chunk finishes between
  // the reading and the kill), another worker process is started and killed the same way until
  // one dies holding a chunk that is not done.
  const row = async () => (await h.t.db.select().from(conversion).where(eq(conversion.datasetId, ds.id)))[0];
  const heldChunks = async () =>
    (
      await h.t.db
        .select({ id: job.id })
        .from(job)
        .innerJoin(conversion, eq(conversion.id, sql`(${job.input}->>'conversionId')::bigint`))
        .where(and(eq(job.type, 'conversion.index'), eq(job.state, 'running'), sql`not (${conversion.doneChunks} ? (${job.input}->>'chunk'))`))
    ).length;
  let midway: Awaited<ReturnType<typeof row>>;
  for (let attempt = 0; ; attempt++) {
    killed = startWorkerProcess();
    midway = await waitFor(
      async () => ({ conversion: await row(), held: await heldChunks() }),
      ({ conversion: r, held }) => held > 0 && r?.stage === 'index' && r.chunksDone > 0 && r.chunksDone < r.chunksTotal,
      180_000,
    ).then((s) => s.conversion);
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed!.once('exit', resolve));
    if ((await heldChunks()) > 0) break;
    expect(attempt).toBeLessThan(5);
  }
  expect(midway!.chunksTotal).toBeGreaterThan(10);

  const logs: string[] = [];
  await h.startWorker([datasetImport, conversionCount, conversionDistribute, conversionIndex, conversionMerge], (m) => logs.push(m));
  const done = await waitFor(async () => (await h.t.db.select().from(dataset).where(eq(dataset.id, ds.id)))[0]!, (d) => d.status === 'available' || d.status === 'error', 180_000);
  expect(done).toMatchObject({ status: 'available', pointCount: POINTS, errorKey: null });
  expect(logs.some((l) => l.includes('lost (no heartbeat'))).toBe(true);

  const metadata = JSON.parse((await readAll((await h.storage.get(`${done.cloudPrefix}metadata.json`)).body)).toString('utf8')) as { points: number };
  expect(metadata.points).toBe(POINTS);
  expect(await row()).toMatchObject({ state: 'succeeded', chunksDone: midway!.chunksTotal });
  expect(await keysUnder(h.storage, 'conversions/')).toEqual([]);
  expect(await keysUnder(h.storage, 'tmp/')).toEqual([]);
});
