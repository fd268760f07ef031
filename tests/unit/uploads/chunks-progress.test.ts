import { webcrypto, createHash } from 'node:crypto';
import { checksumOf, chunkSpans, nextRequest, readRequestBody } from '@/lib/client/uploads/chunks';
import { ProgressMeter } from '@/lib/client/uploads/progress';

const KB = 1024;

/** A Blob that records which slices were read (jsdom's Blob lacks arrayBuffer on slices in some versions). */
function recordingBlob(bytes: Uint8Array) {
  const reads: [number, number][] = [];
  const blob = {
    size: bytes.byteLength,
    slice: (start: number, end: number) => {
      reads.push([start, end]);
      return { arrayBuffer: async () => bytes.slice(start, end).buffer };
    },
  } as unknown as Blob;
  return { blob, reads };
}

describe('request and chunk assembly', () => {
  it('cuts the file into requests of the size the server names, the last one shorter', () => {
    expect(nextRequest(10 * KB, 0, 4 * KB)).toEqual({ start: 0, end: 4 * KB });
    expect(nextRequest(10 * KB, 8 * KB, 4 * KB)).toEqual({ start: 8 * KB, end: 10 * KB });
    // Resuming from an odd offset (after a cut) continues exactly there.
    expect(nextRequest(10 * KB, 5000, 4 * KB)).toEqual({ start: 5000, end: 5000 + 4 * KB });
  });

  it('reads each request as 64 KB chunks (spec §9), the last chunk shorter', () => {
    const spans = chunkSpans({ start: 100, end: 100 + 200 * KB });
    expect(spans.map((s) => s.end - s.start)).toEqual([64 * KB, 64 * KB, 64 * KB, 8 * KB]);
    expect(spans[0]!.start).toBe(100);
    expect(spans.at(-1)!.end).toBe(100 + 200 * KB);
  });

  it('assembles the request body from File.slice chunks in order', async () => {
    const bytes = Uint8Array.from({ length: 300 * KB }, (_, i) => (i * 7) % 251);
    const { blob, reads } = recordingBlob(bytes);
    const body = await readRequestBody(blob, { start: 10 * KB, end: 150 * KB });
    expect(body).toEqual(bytes.slice(10 * KB, 150 * KB));
    expect(reads).toEqual([[10 * KB, 74 * KB], [74 * KB, 138 * KB], [138 * KB, 150 * KB]]);
  });

  it('stops reading when paused', async () => {
    const { blob, reads } = recordingBlob(new Uint8Array(300 * KB));
    const controller = new AbortController();
    controller.abort();
    await expect(readRequestBody(blob, { start: 0, end: 200 * KB }, 64 * KB, controller.signal)).rejects.toBeDefined();
    expect(reads).toEqual([]);
  });

  it('computes Upload-Checksum as base64 SHA-256, or none without WebCrypto', async () => {
    const body = Uint8Array.from(Buffer.from('LASF and more bytes'));
    expect(await checksumOf(body, webcrypto.subtle as unknown as SubtleCrypto)).toBe(`sha256 ${createHash('sha256').update(body).digest('base64')}`);
    expect(await checksumOf(body, undefined)).toBeNull();
  });
});

describe('progress maths', () => {
  it('averages speed over the window and derives the time left', () => {
    const meter = new ProgressMeter(100 * 1000 * 1000, 5000);
    expect(meter.sample(0, 0)).toMatchObject({ percent: 0, speed: 0, secondsLeft: null });
    meter.sample(10_000_000, 1000);
    const s = meter.sample(20_000_000, 2000);
    expect(s.speed).toBeCloseTo(10_000_000);
    expect(s.percent).toBe(20);
    expect(s.secondsLeft).toBeCloseTo(8);
  });

  it('forgets samples older than the window, so a slowdown shows', () => {
    const meter = new ProgressMeter(1000, 2000);
    meter.sample(0, 0);
    meter.sample(500, 1000); // fast start: 500 B/s
    meter.sample(510, 3000);
    const s = meter.sample(520, 5000); // now 10 B/s over the last window
    expect(s.speed).toBeCloseTo(5, 0);
    expect(s.secondsLeft).toBeGreaterThan(80);
  });

  it('reports done with no time left, and restarts the average after a pause', () => {
    const meter = new ProgressMeter(1000);
    meter.sample(0, 0);
    expect(meter.sample(1000, 1000)).toMatchObject({ percent: 100, secondsLeft: 0 });
    meter.reset();
    expect(meter.sample(1000, 60_000).speed).toBe(0);
  });
});
