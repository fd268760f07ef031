/*
 * How stages keep their state in storage under the work prefix, so another process or machine
 * can run the next stage: JSON results and binary blobs, all overwritten on a re-run.
 */
import { readAll } from '../../storage/read-all';
import type { Storage } from '../../storage/types';

export interface StageContext {
  storage: Storage;
  /** Ends with "/"; everything a conversion writes before its output lives under it. */
  workPrefix: string;
  signal?: AbortSignal;
  onProgress?: (progress: { stage: string; done: number; total: number }) => void;
}

export function workKey(ctx: StageContext, ...parts: string[]): string {
  const prefix = ctx.workPrefix.endsWith('/') ? ctx.workPrefix : `${ctx.workPrefix}/`;
  return prefix + parts.join('/');
}

export function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('conversion cancelled');
}

export async function putJson(storage: Storage, key: string, value: unknown): Promise<void> {
  await storage.put(key, Buffer.from(JSON.stringify(value)), { contentType: 'application/json' });
}

export async function getJson<T>(storage: Storage, key: string): Promise<T> {
  const { body } = await storage.get(key);
  return JSON.parse((await readAll(body)).toString('utf8')) as T;
}

export async function getBytes(storage: Storage, key: string): Promise<Uint8Array> {
  const { body } = await storage.get(key);
  return readAll(body);
}

export async function listKeys(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

/** Runs `fn` over the items with at most `limit` at a time; stops starting new ones on abort. */
export async function mapLimit<T, R>(items: T[], limit: number, signal: AbortSignal | undefined, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      checkAborted(signal);
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
