import 'server-only';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';

/*
 * Writes a PATCH request's body into the upload's file from `offset` on, as it arrives.
 *
 * Node hands a request's body over in socket reads of at most 64 KiB. Piped into a WriteStream each
 * becomes its own write on the thread pool (a round trip to the main thread per 64 KiB, 64 per
 * 4 MiB request) and the stream machinery around it; here the chunks are gathered and written
 * WRITE_BYTES at a time with one positioned writev, while the next ones are read. At most
 * MAX_UNWRITTEN bytes wait for the disk: beyond that the request is paused (TCP pushes back).
 */

/** Bytes gathered before a write: large enough that the per-write cost vanishes, small enough to overlap reading and writing. */
export const WRITE_BYTES = 1024 * 1024;
/** Bytes read but not yet written above which reading pauses. */
const MAX_UNWRITTEN = 4 * WRITE_BYTES;

/** Writes all of `buffers` at `position` (a writev may write less than asked, e.g. when interrupted). */
async function writeAll(file: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let left = buffers;
  let at = position;
  while (left.length > 0) {
    const { bytesWritten } = await file.writev(left, at);
    at += bytesWritten;
    let skip = bytesWritten;
    const rest: Buffer[] = [];
    for (const b of left) {
      if (skip >= b.byteLength) skip -= b.byteLength;
      else {
        rest.push(skip > 0 ? b.subarray(skip) : b);
        skip = 0;
      }
    }
    if (bytesWritten === 0 && rest.length > 0) throw new Error('the upload file took no bytes');
    left = rest;
  }
}

/**
 * Appends `req`'s body to `path` from `offset` on, calling `onChunk` with each chunk in order before it
 * is written. Resolves with the number of bytes written once the body ended and every byte is on
 * the file; rejects when the body breaks off or a write fails, only after every write started has
 * settled (so a rollback that follows sees the file as it stays).
 */
export async function appendRequest(req: IncomingMessage, path: string, offset: number, onChunk: (chunk: Buffer) => void): Promise<number> {
  const file = await open(path, 'r+');
  let gathered: Buffer[] = [];
  let gatheredBytes = 0;
  let position = offset;
  let unwritten = 0;
  let writes: Promise<void> = Promise.resolve();
  let failure: unknown = null;

  const flush = () => {
    if (gatheredBytes === 0) return;
    const buffers = gathered;
    const bytes = gatheredBytes;
    const at = position;
    gathered = [];
    gatheredBytes = 0;
    position += bytes;
    writes = writes.then(async () => {
      if (failure !== null) return;
      try {
        await writeAll(file, buffers, at);
      } catch (err) {
        failure = err;
        req.destroy(err as Error);
        return;
      }
      unwritten -= bytes;
      if (req.isPaused() && unwritten <= MAX_UNWRITTEN / 2) req.resume();
    });
  };

  req.on('data', (chunk: Buffer) => {
    onChunk(chunk);
    gathered.push(chunk);
    gatheredBytes += chunk.byteLength;
    unwritten += chunk.byteLength;
    if (gatheredBytes >= WRITE_BYTES) flush();
    if (unwritten > MAX_UNWRITTEN) req.pause();
  });
  try {
    await finished(req);
    flush();
  } finally {
    await writes;
    await file.close();
  }
  if (failure !== null) throw failure;
  return position - offset;
}
