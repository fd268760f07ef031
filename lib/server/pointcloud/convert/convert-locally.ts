/*
 * All stages in this process with a thread pool: tests, the bench and the demo-data seed. The job
 * wrapper runs the same stages as separate jobs instead.
 */
import type { Storage } from '../../storage/types';
import { checkAborted, mapLimit, type StageContext } from './stage-io';
import { mergeStage } from './merge-stage';
import { countStage, distributeStage, indexChunkStage, type ConversionInput, type MergeResult } from './stages';
import { createThreadPool, type ThreadPool } from './thread-pool';

export interface ConvertLocallyOptions {
  inputs: ConversionInput[];
  storage: Storage;
  workPrefix: string;
  outputPrefix: string;
  /** Worker threads; 0 runs every task in this thread. */
  threads: number;
  /** A pool the caller owns (sources it opened decode in it); `threads` then only sets parallelism. */
  pool?: ThreadPool;
  name?: string;
  signal?: AbortSignal;
  onProgress?: StageContext['onProgress'];
  maxChunkPoints?: number;
  leafPoints?: number;
  quality?: number;
  /** Keep GPS time in the output (off by default: the viewer does not use it). */
  gpsTime?: boolean;
}

/**
 * Converts and always removes the work prefix. `outputPrefix` should be fresh for each conversion
 * (a new cloud replaces an old one by pointing at it, not by overwriting its files): a failure
 * during the merge removes everything under it.
 */
export async function convertLocally(options: ConvertLocallyOptions): Promise<MergeResult & { chunks: number; seconds: Record<'count' | 'distribute' | 'index' | 'merge', number> }> {
  const { storage, signal, threads } = options;
  const pool = options.pool ?? createThreadPool(threads);
  const ctx: StageContext = { storage, workPrefix: options.workPrefix, signal, onProgress: options.onProgress };
  const seconds = { count: 0, distribute: 0, index: 0, merge: 0 };
  let merging = false;
  let lap = performance.now();
  const timed = (stage: keyof typeof seconds) => {
    const now = performance.now();
    seconds[stage] = Math.round((now - lap) / 100) / 10;
    lap = now;
  };
  try {
    // One input at a time: a LAZ input already decodes on every thread, and memory then stays what
    // one input needs however many there are.
    await mapLimit(options.inputs, 1, signal, (input, inputIndex) => countStage({ ...ctx, input, inputIndex, pool }));
    timed('count');
    const layout = await distributeStage({ ...ctx, pool, maxChunkPoints: options.maxChunkPoints, gpsTime: options.gpsTime });
    timed('distribute');
    // Largest chunks first, so the last one to finish is a small one.
    const chunks = [...layout.chunks].sort((a, b) => b.count - a.count);
    let done = 0;
    // One lane more than threads, so no thread waits while a lane reads its chunk's parts.
    await mapLimit(chunks, pool.size + 1, signal, async (chunk) => {
      const result = await indexChunkStage({ ...ctx, chunk: chunk.name, pool, leafPoints: options.leafPoints, quality: options.quality });
      done += result.points;
      options.onProgress?.({ stage: 'index', done, total: layout.points });
    });
    checkAborted(signal);
    timed('index');
    merging = true;
    const merged = await mergeStage({ ...ctx, outputPrefix: options.outputPrefix, name: options.name, pool, quality: options.quality });
    timed('merge');
    return { ...merged, chunks: layout.chunks.length, seconds };
  } catch (err) {
    // A merge cut short may have replaced some output files and not others: remove them all.
    if (merging) await storage.deletePrefix(options.outputPrefix.endsWith('/') ? options.outputPrefix : `${options.outputPrefix}/`);
    throw err;
  } finally {
    if (!options.pool) await pool.close();
    await storage.deletePrefix(options.workPrefix.endsWith('/') ? options.workPrefix : `${options.workPrefix}/`);
  }
}
