/*
 * ByteSource implementations: a buffer in memory, a local file, a storage object. Pure Node (no
 * server-only import) so worker threads and scripts can use them.
 */
import { open } from 'node:fs/promises';
import { readAll } from '../storage/read-all';
import type { Storage } from '../storage/types';
import type { ByteSource } from './types';

export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    async read(offset, length) {
      const start = Math.min(Math.max(0, offset), bytes.byteLength);
      return bytes.subarray(start, Math.min(bytes.byteLength, start + Math.max(0, length)));
    },
  };
}

/** Reads a local file on demand; the descriptor is opened per read so nothing needs closing. */
export async function fileSource(path: string): Promise<ByteSource> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  await handle.close();
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      if (end <= offset) return new Uint8Array(0);
      const file = await open(path, 'r');
      try {
        const out = Buffer.allocUnsafe(end - offset);
        let done = 0;
        while (done < out.length) {
          const { bytesRead } = await file.read(out, done, out.length - done, offset + done);
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        return out.subarray(0, done);
      } finally {
        await file.close();
      }
    },
  };
}

/** A stored object read with ranged gets, so S3 objects need not be downloaded whole. */
export async function storageSource(storage: Storage, key: string): Promise<ByteSource> {
  const info = await storage.head(key);
  if (!info) throw new Error(`no stored object at ${key}`);
  const size = info.size;
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length) - 1;
      if (end < offset) return new Uint8Array(0);
      const { body } = await storage.get(key, { range: { start: offset, end } });
      return readAll(body);
    },
  };
}
