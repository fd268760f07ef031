import { conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob } from '@/lib/server/conversions/conversion-jobs';
import { blurringDetectJob } from '@/lib/server/blurring/detect-job';
import { tourGenerateJob } from '@/lib/server/tours/generate-job';
import { datasetImportJob } from '@/lib/server/datasets/import-job';
import { datasetStallCheckJob } from '@/lib/server/datasets/stall-check-job';
import { z } from 'zod';
import { bindJob, defineJobContract, type AnyJobDefinition } from '@/lib/server/jobs/define';
import { enqueueJob } from '@/lib/server/jobs/enqueue';
import { createJobQueue, type JobQueue } from '@/lib/server/jobs/queue';
import { mailDeliverJob } from '@/lib/server/mail/deliver-job';
import { maintenanceCleanupJob } from '@/lib/server/maintenance/cleanup-job';
import { missionBackupJob } from '@/lib/server/missions/backup/backup-job';
import { missionsExportJob } from '@/lib/server/missions/export-job';
import { storageInventoryJob, storageRestoreJob, storageSyncJob, storageUnsyncJob, storageVerifyJob } from '@/lib/server/storage-sync/storage-jobs';
import { workerJobs } from '@/lib/server/worker-handlers';
import { jobRow, startHarness, waitFor, type Harness } from './harness';

/*
 * The app enqueues a feature's job contract; a worker runs it with the handler bound to that
 * contract at its entry point. The app's queue knows no job type in advance (lib/server/jobs
 * imports no feature): a contract's queue is created when it is first enqueued.
 */

const greeting = defineJobContract({
  name: 'test.greeting',
  schema: z.object({ name: z.string().min(1), times: z.number().int().default(1) }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
});

const ran: Array<{ name: string; times: number; jobId: string }> = [];
const greetingHandler = {
  async run(data: { name: string; times: number }, ctx: { jobId: string }) {
    ran.push({ ...data, jobId: ctx.jobId });
    return { text: `Hallo ${data.name}`.repeat(data.times) };
  },
};

let h: Harness;
let appQueue: JobQueue;

beforeAll(async () => {
  // The worker's side: the contract with its handler bound, as lib/server/worker-handlers.ts does.
  h = await startHarness([bindJob(greeting, greetingHandler)] as AnyJobDefinition[]);
  // The app's side: a queue that was told of no contract, behind the app's enqueueJob.
  appQueue = createJobQueue({ pool: h.pool });
  (globalThis as { __argusJobQueue?: JobQueue }).__argusJobQueue = appQueue;
});
afterAll(async () => {
  delete (globalThis as { __argusJobQueue?: JobQueue }).__argusJobQueue;
  await h?.close();
});

describe('job contracts', () => {
  it('runs a contract enqueued by the app with the handler bound at the worker entry', async () => {
    const row = await enqueueJob(h.db, greeting, { name: 'Argus' }, { missionId: 7 });
    // Parsed with the contract's schema at enqueue: the default is filled in.
    expect(row).toMatchObject({ type: 'test.greeting', state: 'queued', missionId: 7, input: { name: 'Argus', times: 1 } });
    const done = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'succeeded' || r.state === 'failed');
    expect(done).toMatchObject({ state: 'succeeded', result: { text: 'Hallo Argus' }, error: null });
    expect(ran).toEqual([{ name: 'Argus', times: 1, jobId: row.id }]);
  });

  it('refuses a payload the contract does not accept, before anything is written', async () => {
    await expect(enqueueJob(h.db, greeting, { name: '' })).rejects.toMatchObject({ code: 'validation' });
    const { rows } = await h.pool.query<{ n: string }>("select count(*) as n from job where type = 'test.greeting'");
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('binds a handler to every contract the app enqueues, each once', () => {
    const contracts = [
      mailDeliverJob, maintenanceCleanupJob, missionBackupJob, missionsExportJob,
      datasetImportJob, datasetStallCheckJob, conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob,
      blurringDetectJob, tourGenerateJob, storageSyncJob, storageUnsyncJob, storageRestoreJob, storageVerifyJob, storageInventoryJob,
    ];
    const bound = workerJobs.map((d) => d.name).sort();
    expect(bound).toEqual(contracts.map((c) => c.name).sort());
    for (const contract of contracts) {
      const definition = workerJobs.find((d) => d.name === contract.name)!;
      expect(definition).toMatchObject({ schema: contract.schema, retry: contract.retry, expireInSeconds: contract.expireInSeconds });
      expect(typeof definition.run).toBe('function');
    }
  });
});
