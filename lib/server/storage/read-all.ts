import type { Readable } from 'node:stream';

/** A stored object's body, whole, in memory: only for objects known to be small. */
export async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
