import 'server-only';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { AppError } from '../../errors';

/**
 * Server-side PDF of the print view (docs/adr/0006-mission-backup.md, "Print PDF"): headless
 * Chromium through playwright-core prints /mission/{id}/print exactly as a browser would, with the
 * caller's session and language.
 *
 * One browser per process, started on first use and started again if it dies: a launch costs
 * about a second, a new browser context a few milliseconds. Each PDF gets its own context (its own
 * cookie jar, so sessions never mix) and at most PDF_CONCURRENCY render at once — Chromium's
 * layout is CPU-bound and the machine has two cores; more would only queue inside Chromium.
 * The context (and so the page) is always closed, also on failure.
 */
export const PDF_CONCURRENCY = 2;
const QUEUE_TIMEOUT_MS = 60_000;
const RENDER_TIMEOUT_MS = 45_000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Only these cookies reach the headless page: the identity session and its CSRF cookie. */
export function forwardedCookies(cookieHeader: string | null): { name: string; value: string }[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? null : { name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() };
    })
    .filter((c): c is { name: string; value: string } => !!c && (c.name === 'ory_kratos_session' || /^csrf_token_[0-9a-f]+$/.test(c.name)));
}

/** CHROMIUM_PATH when set (and then only it: a wrong setting must not silently pick another browser), else Debian's. */
export function chromiumPath(configured = process.env.CHROMIUM_PATH): string | null {
  const candidates = configured ? [configured] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => existsSync(p)) ?? null;
}

export class NoBrowserError extends AppError {
  constructor(detail: string) {
    super('service_unavailable', `No browser is available to render the PDF: ${detail}`, { reason: 'no_browser' });
  }
}

const holder = globalThis as unknown as { __argusPdfBrowser?: Promise<Browser> };

async function browser(): Promise<Browser> {
  const running = holder.__argusPdfBrowser;
  if (running) {
    const b = await running.catch(() => null);
    if (b?.isConnected()) return b;
  }
  const executablePath = chromiumPath();
  if (!executablePath) throw new NoBrowserError(process.env.CHROMIUM_PATH ? `CHROMIUM_PATH ${process.env.CHROMIUM_PATH} does not exist` : 'set CHROMIUM_PATH or install Chromium at /usr/bin/chromium');
  const launching = chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true }).catch((err: unknown) => {
    throw new NoBrowserError((err as Error).message.split('\n')[0] ?? 'launch failed');
  });
  holder.__argusPdfBrowser = launching;
  launching.then(
    (b) => b.on('disconnected', () => {
      if (holder.__argusPdfBrowser === launching) holder.__argusPdfBrowser = undefined;
    }),
    () => {
      if (holder.__argusPdfBrowser === launching) holder.__argusPdfBrowser = undefined;
    },
  );
  return launching;
}

/** A counting semaphore: at most PDF_CONCURRENCY renders, the rest wait in order. */
let active = 0;
const waiting: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (active >= PDF_CONCURRENCY) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(new AppError('service_unavailable', 'Too many PDFs are being rendered; try again shortly', { reason: 'busy' }));
      }, QUEUE_TIMEOUT_MS);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      waiting.push(go);
    });
  } else {
    active += 1;
  }
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }
}

export interface RenderPdfInput {
  /** The page to print, on the app's own origin. */
  url: string;
  cookieHeader: string | null;
  acceptLanguage: string | null;
}

/** Prints the page to an A4 PDF (the page's own @page rule decides size and margins). */
export function renderPdf({ url, cookieHeader, acceptLanguage }: RenderPdfInput): Promise<Buffer> {
  return slot(async () => {
    const b = await browser();
    const origin = new URL(url).origin;
    const context = await b.newContext({ extraHTTPHeaders: acceptLanguage ? { 'accept-language': acceptLanguage } : {}, javaScriptEnabled: true });
    try {
      await context.addCookies(forwardedCookies(cookieHeader).map((c) => ({ ...c, url: origin })));
      const page = await context.newPage();
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      const response = await page.goto(url, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
      if (!response || response.status() !== 200) throw new Error(`the print view answered ${response?.status() ?? 'nothing'}`);
      await page.emulateMedia({ media: 'print' });
      return await page.pdf({ preferCSSPageSize: true, format: 'A4', printBackground: false });
    } finally {
      await context.close().catch(() => undefined);
    }
  });
}
