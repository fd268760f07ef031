import 'server-only';
import { createHash } from 'node:crypto';
import type { Storage } from './types';

/** Streams one stored object through SHA-256 (constant memory, whatever its size). */
export async function hashStored(store: Storage, key: string, signal?: AbortSignal): Promise<{ sha256: string; size: number }> {
  const { body } = await store.get(key);
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      hash.update(chunk);
      size += chunk.length;
    }
  } finally {
    body.destroy();
  }
  return { sha256: hash.digest('hex'), size };
}
