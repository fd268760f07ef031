/**
 * Point-cloud conversion to Potree 2.0 BROTLI (issue 14, Measure): points/s, peak resident
 * memory of the converting process (its worker threads live in it) and output bytes per point,
 * for a LAZ file (default ../shared/data/pointclouds/autzen-tiled-10x10-11M.laz, or
 * ARGUS_BENCH_POINTCLOUD, relative to the repository) and for four translated copies of it as four
 * sources, to show that memory does not grow with the input. PotreeConverter 2 on this machine
 * kind: 0.42 M points/s (BROTLI), 12.2 bytes per point, 0.63 GB peak.
 *
 * The machine is shared: `availableCoresBefore` says how much of the two cores the run could get;
 * compare wall-clock figures only when it is near 2, and CPU seconds per point always. Where the
 * CPU goes (11 M points, one thread, --cpu-prof): laz-perf ≈ 7.5 s, brotli ≈ 4 s at quality 2 (it
 * was 8 s at 4 and twice that at 6 for 5 % less size), attribute gathering and Morton coding
 * ≈ 2 s, octree splitting and sampling ≈ 2 s, storage I/O and SHA-256 ≈ 3 s. What helped most:
 * decoding LAZ chunks in parallel from the chunk table, brotli quality 2, planning chunks from
 * a 1/16 sample kept while counting instead of a second pass, a radix sort for the Morton order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileSource } from '../../lib/server/pointcloud/byte-source';
import { convertLocally } from '../../lib/server/pointcloud/convert/convert-locally';
import { threadChunkRunner, threadLazHost } from '../../lib/server/pointcloud/convert/thread-hosts';
import { createThreadPool, type ThreadPool } from '../../lib/server/pointcloud/convert/thread-pool';
import { openPointSource } from '../../lib/server/pointcloud/open-source';
import type { PointSource } from '../../lib/server/pointcloud/types';
import { createFsStorage } from '../../lib/server/storage/fs-driver';
import { root } from '../lib/context';

const MiB = 1024 * 1024;

/** The source with every point moved by `shift` (a copy of the scan placed beside the original). */
function translated(source: PointSource, shift: [number, number, number]): PointSource {
  return {
    header: source.header,
    async *batches(signal) {
      for await (const batch of source.batches(signal)) {
        for (let i = 0; i < batch.count * 3; i += 3) {
          batch.positions[i] = batch.positions[i]! + shift[0];
          batch.positions[i + 1] = batch.positions[i + 1]! + shift[1];
          batch.positions[i + 2] = batch.positions[i + 2]! + shift[2];
        }
        yield batch;
      }
    },
    close: () => source.close(),
  };
}

/**
 * How many cores this process gets right now: CPU seconds two spinning threads receive per
 * second. The machine is shared; wall-clock figures are only comparable at equal availability.
 */
async function availableCores(threads: number): Promise<number> {
  const spin = `const end = Date.now() + 1500; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1); require('node:worker_threads').parentPort.postMessage(x);`;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: threads }, () => new Promise<void>((done) => {
      const worker = new Worker(spin, { eval: true });
      worker.once('message', () => void worker.terminate().then(() => done()));
    })),
  );
  const used = process.cpuUsage(cpu);
  return Math.round(((used.user + used.system) / 1000 / (performance.now() - started)) * 100) / 100;
}

async function convertOnce(file: string, copies: number, threads: number, gpsTime = false) {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-convert-'));
  const storage = createFsStorage(dir);
  const pool: ThreadPool = createThreadPool(threads);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const inputs = [];
    for (let i = 0; i < copies; i += 1) {
      // LAZ chunks decode on the pool's threads, as for inputs the converter opens itself.
      const source = await openPointSource(await fileSource(file), undefined, { lazChunks: threadChunkRunner(pool), lazHost: threadLazHost(pool) });
      const extent = source.header.declaredBounds!;
      const dx = (extent.max[0] - extent.min[0]) * 1.01;
      const dy = (extent.max[1] - extent.min[1]) * 1.01;
      inputs.push({ source: translated(source, [(i % 2) * dx, Math.floor(i / 2) * dy, 0]) });
    }
    const cores = await availableCores(threads);
    const idle = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await convertLocally({ inputs, storage, workPrefix: 'work/bench/', outputPrefix: 'clouds/bench/', threads, pool, gpsTime });
    const seconds = (performance.now() - started) / 1000;
    // Worker threads count in process.cpuUsage(): CPU seconds of the whole conversion.
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    return {
      points: result.points,
      seconds: Math.round(seconds * 10) / 10,
      mPointsPerSecond: Math.round((result.points / seconds / 1e6) * 1000) / 1000,
      availableCoresBefore: cores,
      cpuSeconds: Math.round(cpuSeconds * 10) / 10,
      coresUsed: Math.round((cpuSeconds / seconds) * 100) / 100,
      mPointsPerCpuSecond: Math.round((result.points / cpuSeconds / 1e6) * 1000) / 1000,
      peakRssMiB: Math.round(peak / MiB),
      peakAboveIdleMiB: Math.round((peak - idle) / MiB),
      bytesPerPoint: Math.round((result.octreeBytes / result.points) * 100) / 100,
      chunks: result.chunks,
      nodes: result.nodes,
      stageSeconds: result.seconds,
    };
  } finally {
    clearInterval(sampler);
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function run(): Promise<Record<string, unknown>> {
  const file = resolve(root, process.env.ARGUS_BENCH_POINTCLOUD ?? '../shared/data/pointclouds/autzen-tiled-10x10-11M.laz');
  const threads = Math.max(1, cpus().length);
  const once = await convertOnce(file, 1, threads);
  const fourCopies = await convertOnce(file, 4, threads);
  // With GPS time, the attributes PotreeConverter writes but scan angle, user data and source id.
  const onceWithGpsTime = await convertOnce(file, 1, threads, true);
  return { input: file.replace(`${resolve(root, '..')}/`, '../'), threads, once, fourCopies, onceWithGpsTime, potreeConverterBrotli: { mPointsPerSecond: 0.42, bytesPerPoint: 12.2, peakGiB: 0.63 } };
}
