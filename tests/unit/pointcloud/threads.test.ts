/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bufferSource } from '@/lib/server/pointcloud/byte-source';
import { threadChunkRunner } from '@/lib/server/pointcloud/convert/thread-hosts';
import { createThreadPool } from '@/lib/server/pointcloud/convert/thread-pool';
import { openPointSource } from '@/lib/server/pointcloud/open-source';
import { PointCloudError } from '@/lib/server/pointcloud/types';

// Worker threads load the TypeScript sources through tsx's hook: slower to start on a busy machine.
jest.setTimeout(60_000);

describe('converter worker threads', () => {
  it('decode LAZ chunks in parallel into the same points, in file order, as decoding inline', async () => {
    const bytes = new Uint8Array(readFileSync(join(__dirname, '../../fixtures/pointcloud/autzen_trim.laz')));
    const pool = createThreadPool(2);
    try {
      const threaded = await openPointSource(bufferSource(bytes), undefined, { lazChunks: threadChunkRunner(pool) });
      const inline = await openPointSource(bufferSource(bytes));
      const flatten = async (source: typeof inline) => {
        const xs: number[] = [];
        for await (const b of source.batches()) for (let i = 0; i < b.count; i += 97) xs.push(b.positions[i * 3]!, b.gpsTime![i]!);
        return xs;
      };
      expect(await flatten(threaded)).toEqual(await flatten(inline));
    } finally {
      await pool.close();
    }
  });

  it('carry a PointCloudError from a thread with its code', async () => {
    const pool = createThreadPool(1);
    try {
      const task = { data: new Uint8Array(16), chunks: [{ offset: 0, points: 10 }], pointFormat: 11, recordLength: 20, scale: [1, 1, 1], offset: [0, 0, 0] };
      await expect(pool.run('decodeLazChunks', task)).rejects.toBeInstanceOf(PointCloudError);
    } finally {
      await pool.close();
    }
  });
});
