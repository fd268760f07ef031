import 'server-only';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { AppError } from '../../errors';

/**
 * Runs `read` with the uploaded archive as a file of its own (a zip is read from its end), and
 * removes the file afterwards whatever happened. The body arrives already bounded (413 beyond).
 */
export async function withReceivedArchive<T>(body: ReadableStream<Uint8Array> | null, read: (file: FileHandle, size: number) => Promise<T>): Promise<T> {
  if (!body) throw new AppError('unprocessable', 'The request has no zip archive', {}, 'tours.import.notZip');
  const dir = await mkdtemp(path.join(tmpdir(), 'argus-tour-import-'));
  try {
    const target = path.join(dir, 'archive.zip');
    await pipeline(Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>), createWriteStream(target));
    const file = await open(target, 'r');
    try {
      return await read(file, (await file.stat()).size);
    } finally {
      await file.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
