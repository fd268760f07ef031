// @ts-check
/**
 * The app's HTTP server: Next's own request handler behind a thin Node server, so that answers
 * Next or Node's HTTP parser would give as HTML or as an empty body come in the JSON error
 * envelope under /api/v2, /self-service and /sessions (issue 13, bounded input):
 * - a request Node's parser refuses (headers over 16 KiB → 431, malformed → 400), which never
 *   reaches Next (`clientError`);
 * - bad percent-encoding in the path or query (Next answers with its HTML error page), and a NUL
 *   character in a path segment or query parameter (PostgreSQL cannot store it): 400;
 * - an empty-bodied error Next makes itself, above all the 405 of a method a route does not export.
 * It also runs the route guard on every page request before Next sees it (lib/server/guard/, ADR
 * 0019). Plain JavaScript, not TypeScript through tsx: the loader would sit in front of every
 * module Next loads and slow the first requests.
 *
 * In production it serves from APP_PROCESSES processes on one port (scripts/lib/cluster.mjs, ADR 0020).
 *
 * Usage: node scripts/app-server.mjs [--dev] [--port N]
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import next from 'next';
import { compressAnswer } from '../lib/server/net/compress-answer.mjs';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../lib/server/security/headers.mjs';
import { processCount, serveInProcesses } from './lib/cluster.mjs';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const portArg = args.indexOf('--port');
const port = Number(portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? 3000));

/** Paths whose every answer is JSON. */
const API = /^\/(api\/v2|self-service|sessions)(\/|$|\?)/;

/** The error code of an empty-bodied status Next made (lib/shared/errors.ts vocabulary). */
const CODES = { 400: 'bad_request', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 415: 'unsupported_media_type', 500: 'internal' };

/**
 * @param {string} code
 * @param {string} message
 * @param {Record<string, unknown>} [details]
 */
const envelope = (code, message, details = {}) => JSON.stringify({ error: { code, message, details: { key: `errors.code.${code}`, ...details, requestId: randomUUID() } } });

/** The security headers every response carries (next.config.mjs adds them to what Next answers). */
const securityHeaders = Object.fromEntries([...SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]), ['content-security-policy', contentSecurityPolicy()]]);

/**
 * Why the URL of an API request cannot be served, or null.
 * @param {string} url
 * @returns {{ code: string; message: string; details?: Record<string, unknown> } | null}
 */
export function urlRefusal(url) {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const badEncoding = { code: 'bad_request', message: 'The URL is not valid percent-encoded UTF-8' };
  for (const segment of path.split('/')) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return badEncoding;
    }
    if (decoded.includes('\u0000')) return { code: 'bad_request', message: 'A path segment of the URL contains a NUL character' };
  }
  /** @type {Record<string, { key: string; message: string }[]>} wire field errors (lib/shared/errors.ts FieldIssue) */
  const fields = {};
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    let name;
    let value;
    try {
      name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      return badEncoding;
    }
    if (name.includes('\u0000') || value.includes('\u0000')) (fields[name.replace(/\u0000/g, '\ufffd')] ??= []).push({ key: 'validation.noNul', message: 'Must not contain a NUL character' });
  }
  if (Object.keys(fields).length) return { code: 'validation', message: 'invalid input', details: { fields } };
  return null;
}

/** @param {unknown} chunk */
const isEmpty = (chunk) => chunk === undefined || chunk === null || typeof chunk === 'function' || /** @type {{ length: number }} */ (chunk).length === 0;

/**
 * Writes the envelope instead of an empty error body Next is about to send (the 405 of a method a
 * route does not export). Next's compression wraps these methods after us and sends the headers
 * (chunked) before calling our `end`: the decision is made when the headers go out, the body
 * replaced at the end, and dropped if anything else was written.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function envelopeEmptyErrors(req, res) {
  const { writeHead, write, end } = res;
  /** @type {string | null} */
  let replacement = null;
  /** @param {number} status */
  const decide = (status) => {
    const code = CODES[/** @type {keyof typeof CODES} */ (status)];
    if (!code || res.getHeader('content-type')) return;
    const message = status === 405 ? `${req.method} is not supported here` : (STATUS_CODES[status] ?? 'Error');
    replacement = envelope(code, message);
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    res.removeHeader('content-length');
  };
  // @ts-expect-error -- the overloads are one function at run time
  res.writeHead = function (status, ...rest) {
    res.writeHead = writeHead;
    // Headers handed to writeHead itself are the route's own: it chose them.
    if (!rest.some((r) => r && typeof r === 'object')) decide(status);
    return writeHead.call(res, status, ...rest);
  };
  // @ts-expect-error -- as above
  res.write = function (chunk, ...rest) {
    if (!isEmpty(chunk)) replacement = null;
    return write.call(res, chunk, ...rest);
  };
  // @ts-expect-error -- as above
  res.end = function (chunk, ...rest) {
    res.end = end;
    res.write = write;
    if (!res.headersSent) decide(res.statusCode);
    if (replacement !== null && isEmpty(chunk)) return end.call(res, replacement);
    return end.call(res, chunk, ...rest);
  };
}

/** @param {number} processes */
const readyLine = (processes) => `▲ Argus ${dev ? 'dev' : 'production'} server ready on http://localhost:${port}${processes > 1 ? ` (${processes} processes)` : ''}`;

// Production serves from APP_PROCESSES processes (scripts/lib/cluster.mjs); dev mode's compiler wants one.
const processes = dev ? 1 : processCount();
if (serveInProcesses(processes, { name: 'app-server', onReady: () => console.log(readyLine(processes)) })) await serve();

/** One server process: Next's request handler behind ours. */
async function serve() {
  // Answers are compressed here (compressAnswer), so next.config.mjs turns Next's own gzip off.
  process.env.ARGUS_SERVER_COMPRESSES = '1';

  const app = next({ dev, dir: process.cwd(), port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();

  /**
   * The middle PATCH requests of an upload go straight into its file (lib/server/uploads/node-patch.ts,
   * which the upload route registers when Next loads it): Next would wrap every byte in web streams.
   * It takes a request or leaves it, unread, to Next.
   * @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
   */
  const offerUploadPatch = (req, res) => {
    const offer = /** @type {Record<string, unknown>} */ (globalThis).__argusOfferUploadPatch;
    if (req.method !== 'PATCH' || typeof offer !== 'function') return false;
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    return offer(req, res);
  };

  /**
   * Each request runs with its answer at hand, so a page that shows the not-found or forbidden view
   * itself can still answer 404 / 403 (lib/server/pages/page-status.ts; Next gives pages no way to).
   * A client-side navigation's RSC request stays 200: Next's router reloads the whole page on any
   * other status, and it shows the view either way.
   */
  const pageAnswers = new AsyncLocalStorage();
  /** @type {Record<symbol, unknown>} */ (globalThis)[Symbol.for('argus.page-answer')] = pageAnswers;

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  const pageAnswer = (req, res) => ({
    /** @param {number} status */
    setStatus(status) {
      if (res.headersSent) return false;
      if (req.headers.rsc !== '1') res.statusCode = status;
      return true;
    },
  });

  /**
   * The route guard of spec §2 (lib/server/guard/), which instrumentation.ts registers: it answers a
   * page request with a redirect, or prepares it for Next (true: answered). A production Next runs
   * instrumentation.ts only at its first request, so it is run here, through Next's own (pinned)
   * entry point, which remembers that it ran. A server without the guard would serve every page
   * unguarded, so it must be there to start at all.
   */
  // Imported once Next has set up its server environment (the module needs Next's AsyncLocalStorage global).
  const { ensureInstrumentationRegistered } = await import('next/dist/server/lib/router-utils/instrumentation-globals.external.js');
  await ensureInstrumentationRegistered(process.cwd(), '.next');
  /** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>} */
  const guard = /** @type {Record<symbol, any>} */ (globalThis)[Symbol.for('argus.page-guard')];
  if (typeof guard !== 'function') throw new Error('the route guard is not registered (instrumentation.ts did not run)');

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (API.test(url)) {
      const refusal = urlRefusal(url);
      if (refusal) {
        const body = envelope(refusal.code, refusal.message, refusal.details);
        res.writeHead(400, { ...securityHeaders, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
        res.end(body);
        return;
      }
      if (offerUploadPatch(req, res)) return;
      envelopeEmptyErrors(req, res);
    }
    compressAnswer(req, res);
    pageAnswers.run(pageAnswer(req, res), async () => (await guard(req, res)) || handle(req, res)).catch((err) => {
      console.error('[app-server] request failed', err);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end();
      }
    });
  });

  // Requests Node's HTTP parser refuses never reach a handler: answer them here, in the envelope.
  server.on('clientError', (err, socket) => {
    const code = /** @type {{ code?: string }} */ (err).code;
    if (code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = envelope('bad_request', tooLarge ? 'The request headers are too large' : 'The request is not valid HTTP');
    const headers = Object.entries({ ...securityHeaders, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', connection: 'close' });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`);
  });

  // An idle keep-alive connection is closed after 65 s, not Node's 5 s: a client (a proxy, an API
  // client, the e2e suite's request context) that reuses one just as the server closes it gets a
  // reset instead of an answer. Proxies close theirs after 60 s, so the app must wait longer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  server.listen(port, () => {
    if (!cluster.isWorker) console.log(readyLine(1));
  });

  // Stop taking connections, let running requests finish, then go (the orchestrator SIGKILLs after its grace period).
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      server.close(() => process.exit(0));
      server.closeIdleConnections();
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}
