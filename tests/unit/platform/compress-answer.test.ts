/**
 * @jest-environment node
 */
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { compressAnswer } from '@/lib/server/net/compress-answer.mjs';

/*
 * The app server's compression (lib/server/net/compress-answer.mjs) over a real socket: a page's
 * many small chunks leave as one, a flushed chunk still reaches the browser before the page ends,
 * and anything that is not a page is written through chunk by chunk. A route handler's answer (a
 * message file) and a script Next serves with Accept-Ranges are compressed too; the API's answers
 * (stored files among them) and a part of a file (206) are not.
 */

/** What every gzip stream shares, the compression middleware's own included. */
const gzipPrototype = Object.getPrototypeOf(zlib.createGzip()) as zlib.Gzip;

type Answer = (res: ServerResponse) => void | Promise<void>;

let server: Server;
let answer: Answer;
/** Chunks handed to zlib (each a call on the thread pool and its callback) and to the socket. */
let zlibWrites: number;
let socketWrites: number;

beforeAll(async () => {
  // Every gzip stream's writes are counted (the compression middleware makes its own).
  const { write } = gzipPrototype;
  gzipPrototype.write = function (this: zlib.Gzip, ...args: Parameters<typeof write>) {
    zlibWrites += 1;
    return write.apply(this, args);
  } as typeof write;
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const { write } = res;
    socketWrites = 0;
    zlibWrites = 0;
    res.write = function (...args: Parameters<typeof write>) {
      socketWrites += 1;
      return write.apply(res, args);
    } as typeof write;
    compressAnswer(req, res);
    void answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  delete (gzipPrototype as Partial<zlib.Gzip>).write;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** GETs the answer, gunzipped when it came gzipped; `onFirstBytes` runs when the first decoded bytes arrive. */
function fetchAnswer(onFirstBytes?: (text: string) => void, path = '/'): Promise<{ encoding: string | undefined; body: string; acceptRanges: string | undefined }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const encoding = res.headers['content-encoding'];
      const acceptRanges = res.headers['accept-ranges'];
      const body = encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
      let text = '';
      body.on('data', (chunk: Buffer) => {
        if (text === '') onFirstBytes?.(chunk.toString('utf8'));
        text += chunk.toString('utf8');
      });
      body.on('end', () => resolve({ encoding, body: text, acceptRanges }));
      body.on('error', reject);
    }).on('error', reject);
  });
}

const parts = Array.from({ length: 200 }, (_, i) => `<p>part ${i} ${'x'.repeat(40)}</p>`);

it('a page streamed as 200 small chunks, each flushed, arrives whole and gzipped, compressed as one', async () => {
  answer = (res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    for (const part of parts) {
      res.write(part);
      (res as ServerResponse & { flush(): void }).flush();
    }
    res.end();
  };
  const { encoding, body } = await fetchAnswer();
  expect(encoding).toBe('gzip');
  expect(body).toBe(parts.join(''));
  expect(zlibWrites).toBe(1);
  expect(socketWrites).toBeLessThanOrEqual(2);
});

it('a flushed chunk of a page reaches the browser before the page ends', async () => {
  let arrived!: (text: string) => void;
  const firstBytes = new Promise<string>((resolve) => (arrived = resolve));
  answer = async (res) => {
    res.setHeader('content-type', 'text/x-component');
    res.write('1:["first row"]\n');
    (res as ServerResponse & { flush(): void }).flush();
    // The page goes on only once the browser has the first row.
    expect(await firstBytes).toBe('1:["first row"]\n');
    res.end('2:["last row"]\n');
  };
  const { body } = await fetchAnswer(arrived);
  expect(body).toBe('1:["first row"]\n2:["last row"]\n');
});

it('an answer that is not a page (a download) is written through chunk by chunk', async () => {
  answer = (res) => {
    res.setHeader('content-type', 'application/zip');
    for (const part of parts) res.write(part);
    res.end();
  };
  const { encoding, body } = await fetchAnswer();
  expect(encoding).toBeUndefined();
  expect(body).toBe(parts.join(''));
  expect(socketWrites).toBe(parts.length);
});

const missions = JSON.stringify({ items: Array.from({ length: 50 }, (_, id) => ({ id, name: `Mission ${id}`, status: 'in_progress' })) });

/** What Next's response wrapper does with a route handler's headers (appendHeader makes a list). */
const routeAnswer: Answer = (res) => {
  res.setHeader('content-type', ['application/json; charset=utf-8']);
  res.end(missions);
};

it('a route handler\'s answer whose type Next set as a list of one (a message file) arrives gzipped and whole', async () => {
  answer = routeAnswer;
  const { encoding, body } = await fetchAnswer(undefined, '/i18n/en/missions.0123456789ab.json');
  expect(encoding).toBe('gzip');
  expect(JSON.parse(body)).toEqual(JSON.parse(missions));
});

it('an API answer is sent as it is', async () => {
  answer = routeAnswer;
  const { encoding, body } = await fetchAnswer(undefined, '/api/v2/missions');
  expect(encoding).toBeUndefined();
  expect(body).toBe(missions);
});

/** What Next's static file server does with a script: the whole file, offering byte ranges. */
const script = `self.chunk=${JSON.stringify(parts)};`;
const staticAnswer: Answer = (res) => {
  res.setHeader('content-type', 'application/javascript; charset=UTF-8');
  res.setHeader('accept-ranges', 'bytes');
  res.setHeader('content-length', Buffer.byteLength(script));
  res.end(script);
};

it('a script Next serves whole with Accept-Ranges arrives gzipped, no longer offering ranges of the gzip', async () => {
  answer = staticAnswer;
  const { encoding, body, acceptRanges } = await fetchAnswer(undefined, '/_next/static/chunks/page-0123.js');
  expect(encoding).toBe('gzip');
  expect(body).toBe(script);
  expect(acceptRanges).toBeUndefined();
});

it('a part of a file (206 with Content-Range) is sent as stored, so its range means the file\'s bytes', async () => {
  const part = script.slice(0, 2000);
  answer = (res) => {
    res.statusCode = 206;
    res.setHeader('content-type', 'application/javascript; charset=UTF-8');
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('content-range', `bytes 0-1999/${Buffer.byteLength(script)}`);
    res.end(part);
  };
  const { encoding, body, acceptRanges } = await fetchAnswer(undefined, '/_next/static/chunks/page-0123.js');
  expect(encoding).toBeUndefined();
  expect(body).toBe(part);
  expect(acceptRanges).toBe('bytes');
});

it('a stored file the API serves with byte ranges is sent as stored', async () => {
  answer = staticAnswer;
  const { encoding, body, acceptRanges } = await fetchAnswer(undefined, '/api/v2/missions/1/files/2');
  expect(encoding).toBeUndefined();
  expect(body).toBe(script);
  expect(acceptRanges).toBe('bytes');
});
