import 'server-only';
import { availableParallelism } from 'node:os';
import { mergeStage } from '../pointcloud/convert/merge-stage';
import { countStage, distributeStage, indexChunkStage } from '../pointcloud/convert/stages';
import { mergeStats } from '../pointcloud/convert/stats';
import type { StageContext } from '../pointcloud/convert/stage-io';
import { createThreadPool, type ThreadPool } from '../pointcloud/convert/thread-pool';
import type { Bounds } from '../pointcloud/types';
import { env } from '../env';
import type { Storage } from '../storage/types';

/** What every stage job hands the converter. */
export interface StageArgs {
  storage: Storage;
  /** Storage keys of the raw scans. */
  inputs: string[];
  workPrefix: string;
  outputPrefix: string;
  /** What earlier stages recorded on the conversion row. */
  plan: unknown;
  signal: AbortSignal;
  /** Fraction of the stage done, 0–1. */
  onProgress(fraction: number): Promise<void>;
}

const holder = globalThis as unknown as { __argusConverterPool?: ThreadPool };

/**
 * One pool of converter threads per worker process (CONVERSION_THREADS; unset: one per core, 0:
 * in the worker's own thread), shared by the stage jobs it runs at the same time.
 */
function pool(): ThreadPool {
  holder.__argusConverterPool ??= createThreadPool(env().CONVERSION_THREADS ?? availableParallelism());
  return holder.__argusConverterPool;
}

/** Closes the converter threads (worker shutdown). */
export async function closeConverterThreads(): Promise<void> {
  const running = holder.__argusConverterPool;
  holder.__argusConverterPool = undefined;
  await running?.close();
}

function stageContext(args: StageArgs, weight = (f: number) => f): StageContext {
  let pending: Promise<void> = Promise.resolve();
  return {
    storage: args.storage,
    workPrefix: args.workPrefix,
    signal: args.signal,
    // The converter reports synchronously; the job's progress write is chained, never awaited by it.
    onProgress: ({ done, total }) => {
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      pending = pending.then(() => args.onProgress(weight(fraction))).catch(() => undefined);
    },
  };
}

/** The seam between the stage jobs (stage-handlers.ts) and the converter (lib/server/pointcloud/convert). */
export const engine = {
  /** Decodes every input once: the true point count and bounds (never the header's). */
  async count(args: StageArgs): Promise<{ plan: unknown; pointCount: number; bounds: Bounds }> {
    const results = [];
    for (const [inputIndex, key] of args.inputs.entries()) {
      const ctx = stageContext(args, (f) => (inputIndex + f) / args.inputs.length);
      results.push(await countStage({ ...ctx, input: { key }, inputIndex, pool: pool() }));
    }
    const stats = mergeStats(results.map((r) => r.stats));
    return { plan: { inputs: args.inputs.length }, pointCount: stats.count, bounds: stats.bounds };
  },

  /** Cuts the cloud into chunks of bounded size; the largest first, so the last to finish is small. */
  async distribute(args: StageArgs): Promise<{ chunks: string[] }> {
    const layout = await distributeStage({ ...stageContext(args), pool: pool(), maxChunkPoints: env().CONVERSION_CHUNK_POINTS });
    return { chunks: [...layout.chunks].sort((a, b) => b.count - a.count).map((c) => c.name) };
  },

  async indexChunk(args: StageArgs & { chunk: string }): Promise<void> {
    await indexChunkStage({ ...stageContext(args), chunk: args.chunk, pool: pool() });
  },

  async merge(args: StageArgs): Promise<{ pointCount: number; bounds: Bounds }> {
    const merged = await mergeStage({ ...stageContext(args), outputPrefix: args.outputPrefix, name: 'pointcloud', pool: pool() });
    return { pointCount: merged.points, bounds: merged.bounds };
  },
};
