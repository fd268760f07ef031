import 'server-only';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipSource {
  name: string;
  /** JPEG tiles are stored as they are (deflating them again costs time and gains nothing). */
  compress: boolean;
  data: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/**
 * A zip written as it is read: each entry's bytes are pulled only when the consumer asked for
 * more, so a tour of any size costs one chunk of memory at a time, never the whole archive.
 */
export async function* zipStream(entries: AsyncIterable<ZipSource> | Iterable<ZipSource>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else if (data.length > 0) out.push(data);
  });
  function* drain() {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  }
  for await (const entry of entries) {
    const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    zip.add(file);
    for await (const chunk of entry.data()) {
      file.push(chunk instanceof Buffer ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** A pull-driven web stream over an async generator (the response body of a download). */
export function toWebStream(chunks: AsyncGenerator<Uint8Array>, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (err) {
        onError(err);
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
