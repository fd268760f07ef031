// @ts-check
import compression from 'next/dist/compiled/compression/index.js';

/**
 * gzip of the answers, done by scripts/app-server.mjs instead of by Next (next.config.mjs turns
 * Next's off when that server runs). Next's uses zlib's default level 6 and flushes zlib after
 * every chunk a page streams; the mission detail's 116 kB of HTML cost about 3 ms of CPU at level
 * 6 and 1.3 ms at level 4, for 4 % more bytes (docs/performance.md).
 *
 * A page streams as many small chunks as React makes (a mission's detail page about a hundred),
 * and each one written through cost a zlib call on the thread pool, its callback and a socket
 * write: a tenth of the detail page's CPU. A page's chunks and flushes of one turn of the event
 * loop are handed on as one instead, so it still reaches the browser as it renders. Pages are
 * bounded; every other answer (downloads, exports, the API) is written through as it comes, with
 * its backpressure.
 */
const gzip = compression({ level: 4, filter: worthCompressing });

/**
 * compression's own test (the type is compressible), with three corrections. Next copies a route
 * handler's headers with appendHeader, which leaves Content-Type a one-element array, and
 * compression refuses an array: the message files were sent as they are (38 kB instead of 13 kB
 * for the mission pages). The API's answers stay uncompressed: through this streaming middleware a
 * list page of 24 kB cost 0.5 ms more CPU, which took the list's p95 at 10 concurrent clients from
 * 96 to 104.5 ms, past its goal of 100 ms (docs/performance.md, 7 Dec morning); stored files are
 * served there too (lib/server/storage/serve.ts), so their ranges and lengths keep meaning their
 * bytes. And a part of a file (206, Content-Range) stays as it is.
 *
 * Next serves its scripts and stylesheets (/_next/static) with Accept-Ranges. Refusing every
 * answer that offers ranges sent them uncompressed (the mission page's scripts were 500 kB instead
 * of 146 kB). A whole file that is compressed no longer offers ranges, because a range would count
 * the file's bytes and not the gzip sent.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function worthCompressing(req, res) {
  if (req.url?.startsWith('/api/')) return false;
  const type = res.getHeader('Content-Type');
  if (Array.isArray(type) && type.length === 1) res.setHeader('Content-Type', type[0]);
  if (res.hasHeader('Content-Range')) return false;
  // @ts-expect-error -- typed for Express's req and res; it reads only Node's
  const worth = compression.filter(req, res);
  if (worth) res.removeHeader('Accept-Ranges');
  return worth;
}
const PAGE = /^text\/(html|x-component)\b/;

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressAnswer(req, res) {
  // @ts-expect-error -- the middleware is typed for Express; it needs only Node's req and res
  gzip(req, res, () => {});
  const out = /** @type {import('node:http').ServerResponse & { flush: () => void }} */ (res);
  const { write, end, flush } = out;
  /** @type {Buffer[]} */
  let held = [];
  let flushAsked = false;
  let scheduled = false;
  const handOn = () => {
    if (held.length === 0) return;
    const chunk = held.length === 1 ? held[0] : Buffer.concat(held);
    held = [];
    write.call(out, chunk);
  };
  const turnEnds = () => {
    scheduled = false;
    if (out.writableEnded) return;
    handOn();
    if (flushAsked) flush.call(out);
    flushAsked = false;
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turnEnds);
  };
  // @ts-expect-error -- the overloads are one function at run time
  out.write = function (chunk, encoding, callback) {
    if (typeof encoding === 'function' || typeof callback === 'function' || !PAGE.test(String(out.getHeader('content-type') ?? ''))) {
      handOn();
      return write.call(out, chunk, encoding, callback);
    }
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, /** @type {BufferEncoding} */ (encoding ?? 'utf8')) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (bytes.byteLength === 0) return true;
    // The headers are settled by the first chunk, as when it was written through (compression decides then).
    if (!out.headersSent) /** @type {{ _implicitHeader: () => void }} */ (/** @type {unknown} */ (out))._implicitHeader();
    held.push(bytes);
    schedule();
    return true;
  };
  out.flush = () => {
    flushAsked = true;
    schedule();
  };
  // @ts-expect-error -- as above
  out.end = function (...args) {
    handOn();
    return end.apply(out, args);
  };
}
