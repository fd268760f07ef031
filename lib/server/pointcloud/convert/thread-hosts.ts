/*
 * LAZ decoding on the converter's thread pool, for sources the caller opens itself (the count
 * stage does this for stored inputs; the bench for its translated copies).
 */
import type { LasLayout } from '../las/header';
import type { LazChunkTask } from '../las/laz';
import type { LazChunkRunner, LazDecodeHost } from '../las/reader';
import type { PointBatch } from '../types';
import type { ThreadPool } from './thread-pool';

/** Runs of LAZ chunks decoded on every thread of the pool. */
export function threadChunkRunner(pool: ThreadPool): LazChunkRunner {
  return { parallelism: pool.size, decode: (task: LazChunkTask) => pool.run<PointBatch>('decodeLazChunks', task) };
}

/** LAZ without a chunk table pointer, decoded in a pinned thread of the pool, streaming batches back. */
export function threadLazHost(pool: ThreadPool): LazDecodeHost {
  return {
    async open(file: Uint8Array, layout: LasLayout) {
      const thread = await pool.pin();
      const session = `${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        const { count } = await thread.run<{ count: number }>('lazOpen', { session, file, layout });
        return {
          count,
          next: (max: number) => thread.run<PointBatch | null>('lazNext', { session, max }),
          async close() {
            try {
              await thread.run('lazClose', { session });
            } finally {
              thread.release();
            }
          },
        };
      } catch (err) {
        thread.release();
        throw err;
      }
    },
  };
}
