import './conversion-env';
import { eq } from 'drizzle-orm';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { datasetImportJob } from '@/lib/server/datasets/import-job';
import { getMissionPointcloud, missionPointcloudKey } from '@/lib/server/datasets/mission-pointcloud';
import { conversion, dataset, job } from '@/lib/server/db/schema';
import { holdMission } from '@/lib/server/missions/hold-mission';
import { resumeMission } from '@/lib/server/missions/resume-mission';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { conversionCount, conversionDistribute, conversionIndex, conversionMerge, datasetImport } from '@/lib/server/worker-handlers';
import { decodeNode, readHierarchy, type PotreeMetadata } from '../../unit/pointcloud/potree-reader';
import { randomBatch } from '../../unit/pointcloud/synthetic';
import { waitFor } from '../jobs/harness';
import { keysUnder, readAll } from '../storage/helpers';
import { startAppHarness, type AppHarness } from './app-harness';

/*
 * Issue 14 points 2–4 and 8 against real PostgreSQL, storage and the job worker: a stored scan is
 * imported, converted by the chain of stage jobs (several chunks, so several index jobs) and
 * served; bad input ends in status error with its reason and no partial output; a hold stops the
 * chain at the next stage or chunk boundary and resume continues it.
 */
jest.setTimeout(120_000);


let h: AppHarness;
const POINTS = 24_000;
const jobs = [datasetImport, conversionCount, conversionDistribute, conversionIndex, conversionMerge];

beforeAll(async () => {
  h = await startAppHarness('conversion');
  await h.startWorker(jobs);
});
afterAll(() => h?.close());

async function storeScan(missionId: number, datasetId: string, bytes: Uint8Array): Promise<number> {
  const key = `missions/${missionId}/uploads/${datasetId}/scan.las`;
  await h.storage.put(key, Buffer.from(bytes));
  const ds = await createDatasetFromJson(h.t.system, { missionId, datasetId, type: 'outdoor', storageKey: key, sizeBytes: bytes.byteLength });
  await h.t.system.jobs.enqueue(h.t.db, datasetImportJob, { datasetId: ds.id }, { missionId });
  return ds.id;
}

const datasetRow = async (id: number) => (await h.t.db.select().from(dataset).where(eq(dataset.id, id)))[0]!;
const settled = (id: number) => waitFor(() => datasetRow(id), (r) => r.status === 'available' || r.status === 'error', 90_000);
const readKey = async (key: string) => readAll((await h.storage.get(key)).body);
const lasOf = (count: number, seed: number) => lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [500000, 5400000, 300] }, [randomBatch(count, seed)]);

it('imports, converts in several chunk jobs and serves a scan whose cloud holds exactly its points', async () => {
  const missionId = h.w.m.nord.id;
  const input = randomBatch(POINTS, 7);
  const id = await storeScan(missionId, 'conv-1', await lasOf(POINTS, 7));
  const row = await settled(id);
  expect(row).toMatchObject({ status: 'available', format: 'las', pointFormat: 3, pointCount: POINTS, errorKey: null });

  const [conv] = await h.t.db.select().from(conversion).where(eq(conversion.datasetId, id));
  expect(conv).toMatchObject({ state: 'succeeded', stage: 'done', progress: 100, pointCount: POINTS });
  expect(conv!.chunksTotal).toBeGreaterThan(1);
  const indexJobs = await h.t.db.select().from(job).where(eq(job.type, 'conversion.index'));
  expect(indexJobs.filter((j) => (j.input as { conversionId: number }).conversionId === conv!.id)).toHaveLength(conv!.chunksTotal);

  // The cloud: metadata.json counts the input's points within its true bounds; every node decodes.
  const metadata = JSON.parse((await readKey(`${row.cloudPrefix}metadata.json`)).toString('utf8')) as PotreeMetadata;
  expect(metadata.points).toBe(POINTS);
  expect(metadata.encoding).toBe('BROTLI');
  const xs = Array.from({ length: POINTS }, (_, i) => input.positions[i * 3]!);
  expect(row.bounds!.min[0]).toBeCloseTo(Math.min(...xs), 3);
  expect(row.bounds!.max[0]).toBeCloseTo(Math.max(...xs), 3);
  const octree = await readKey(`${row.cloudPrefix}octree.bin`);
  const nodes = readHierarchy(await readKey(`${row.cloudPrefix}hierarchy.bin`), metadata.hierarchy.firstChunkSize);
  const decoded = nodes.filter((n) => n.numPoints > 0).reduce((sum, n) => sum + decodeNode(metadata, octree, n).positions.length / 3, 0);
  expect(decoded).toBe(POINTS);

  // The work area is gone; the mission's online cloud is this dataset's cloud.
  expect(await keysUnder(h.storage, 'conversions/')).toEqual([]);
  const online = await waitFor(() => getMissionPointcloud(h.w.ctx('customer'), { missionId }), (s) => s.ready);
  expect(online).toMatchObject({ pointCount: POINTS, datasetIds: [id], outdated: false });
  expect(await missionPointcloudKey(h.w.ctx('customer'), { missionId, file: 'octree.bin' })).toBe(`${row.cloudPrefix}octree.bin`);
});

it.each([
  ['a truncated file', async () => (await lasOf(3000, 3)).slice(0, 227 + 34 * 1000), 'errors.pointcloud.truncated'],
  ['a file shorter than a LAS header', async () => new TextEncoder().encode('LASF but nothing else follows here'), 'errors.pointcloud.truncated'],
  ['a header with a version that does not exist', async () => Object.assign(header0(), { 25: 9 }), 'errors.pointcloud.malformedHeader'],
  ['a header that declares no points', async () => header0(), 'errors.pointcloud.noPoints'],
])('%s ends in status error with its reason and leaves no output', async (_name, make, key) => {
  const datasetId = `bad-${_name.replace(/\W+/g, '-')}`;
  const id = await storeScan(h.w.m.provider.id, datasetId, await make());
  const row = await settled(id);
  expect(row).toMatchObject({ status: 'error', errorKey: key, cloudPrefix: null });
  expect(row.storageKey).not.toBeNull();
  expect(await keysUnder(h.storage, 'conversions/')).toEqual([]);
  expect(await keysUnder(h.storage, `missions/${h.w.m.provider.id}/datasets/${id}/`)).toEqual([]);
});

/** A LAS 1.2 header of format 0 that declares no points (the writer refuses to write one). */
function header0(): Uint8Array {
  const out = new Uint8Array(227);
  const v = new DataView(out.buffer);
  out.set(new TextEncoder().encode('LASF'), 0);
  out[24] = 1;
  out[25] = 2;
  v.setUint16(94, 227, true);
  v.setUint32(96, 227, true);
  v.setUint16(105, 20, true);
  for (const at of [131, 139, 147]) v.setFloat64(at, 0.001, true);
  return out;
}

it('stops at the next boundary while the mission is on hold and continues on resume', async () => {
  const missionId = h.w.m.rheinAssigned.id;
  const mission = async () => (await h.t.db.query.mission.findFirst({ where: (m, { eq: is }) => is(m.id, missionId) }))!;
  await holdMission(h.w.ctx('operator'), { id: missionId, version: (await mission()).version });
  const id = await storeScan(missionId, 'held-1', await lasOf(POINTS, 11));
  const held = await waitFor(() => h.t.db.select().from(conversion).where(eq(conversion.datasetId, id)), (rows) => rows[0]?.state === 'held', 60_000);
  expect(held[0]!.stage).toBe('count');
  expect((await datasetRow(id)).status).toBe('imported');

  await resumeMission(h.w.ctx('operator'), { id: missionId, version: (await mission()).version });
  expect(await settled(id)).toMatchObject({ status: 'available', pointCount: POINTS });
});
