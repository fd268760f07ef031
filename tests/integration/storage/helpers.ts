import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Storage } from '@/lib/server/storage/types';

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

export async function tempDir(name: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `argus-${name}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A body that fails half-way, as a dropped upload does. */
export function brokenStream(bytes: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(bytes));
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}
