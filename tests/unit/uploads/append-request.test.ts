/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendRequest, WRITE_BYTES } from '@/lib/server/uploads/append-request';

/*
 * appendRequest over a real socket: a body of several write units lands byte for byte at its
 * offset, the chunks are seen in order, and a body that breaks off rejects only after every write
 * it started has settled (the caller truncates right after).
 */

const dir = mkdtempSync(join(tmpdir(), 'argus-append-'));
let server: Server;
let port = 0;
let handle: (req: IncomingMessage) => Promise<void>;

beforeAll(async () => {
  server = createServer((req, res) => {
    void handle(req).then(
      () => res.writeHead(204).end(),
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `parts` one after another as one body of `length` bytes; `cut` destroys the request after them. */
function send(parts: Buffer[], length: number, cut = false): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', method: 'PATCH', path: '/', headers: { 'content-length': length } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('reset'));
    for (const part of parts) req.write(part);
    if (cut) setImmediate(() => req.destroy());
    else req.end();
  });
}

it('writes a body of several write units at its offset, handing over every piece in order and the whole body', async () => {
  const path = join(dir, 'whole');
  const head = randomBytes(1000);
  writeFileSync(path, head);
  const body = randomBytes(3 * WRITE_BYTES + 12345);
  const pieces: Buffer[] = [];
  let whole: Buffer | null = null;
  handle = async (req) => {
    const copy = await appendRequest(req, path, head.byteLength, body.byteLength, {
      eachPiece: (piece) => pieces.push(Buffer.from(piece)),
      whole: async (b) => Buffer.from(b),
    });
    whole = copy;
  };
  expect(await send([body.subarray(0, 5000), body.subarray(5000)], body.byteLength)).toBe(204);
  expect(whole!.equals(body)).toBe(true);
  expect(pieces.length).toBeGreaterThan(1);
  expect(Buffer.concat(pieces).equals(body)).toBe(true);
  expect(readFileSync(path).equals(Buffer.concat([head, body]))).toBe(true);
});

it('rejects a body that breaks off, after its writes settled', async () => {
  const path = join(dir, 'cut');
  writeFileSync(path, Buffer.alloc(0));
  const sent = randomBytes(2 * WRITE_BYTES);
  let outcome: Promise<void> | null = null;
  const settled = new Promise<void>((resolve) => {
    handle = (req) => {
      outcome = appendRequest(req, path, 0, 4 * WRITE_BYTES, { eachPiece: () => undefined, whole: async () => undefined });
      void outcome.catch(() => undefined).finally(resolve);
      return outcome;
    };
  });
  expect(await send([sent], 4 * WRITE_BYTES, true)).toBe('reset');
  await settled;
  await expect(outcome!).rejects.toBeTruthy();
  // Nothing is written after the rejection: what is on the file now stays (a rollback follows).
  const size = statSync(path).size;
  expect(size).toBeLessThanOrEqual(sent.byteLength);
  expect(readFileSync(path).equals(sent.subarray(0, size))).toBe(true);
});

it('reuses its buffer without mixing requests: a second body after a longer one is stored as sent', async () => {
  const path = join(dir, 'reuse');
  writeFileSync(path, Buffer.alloc(0));
  const first = randomBytes(WRITE_BYTES + 7);
  const second = randomBytes(100);
  const wholes: Buffer[] = [];
  let at = 0;
  handle = async (req) => {
    const length = Number(req.headers['content-length']);
    wholes.push(await appendRequest(req, path, at, length, { eachPiece: () => undefined, whole: async (b) => Buffer.from(b) }));
    at += length;
  };
  expect(await send([first], first.byteLength)).toBe(204);
  expect(await send([second], second.byteLength)).toBe(204);
  expect(wholes[1]!.equals(second)).toBe(true);
  expect(readFileSync(path).equals(Buffer.concat([first, second]))).toBe(true);
});

it('rejects before reading when the file cannot be opened', async () => {
  handle = (req) => appendRequest(req, join(dir, 'missing', 'file'), 0, 10, { eachPiece: () => undefined, whole: async () => undefined });
  expect(await send([randomBytes(10)], 10)).toBe('reset');
});
