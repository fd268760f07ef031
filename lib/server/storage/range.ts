import 'server-only';

/**
 * HTTP byte ranges and validators (RFC 9110 §13–14), as pure functions. Only a single range is
 * served; a request for several is answered with the whole file, which the RFC allows.
 */

/** Inclusive byte positions, as in `Content-Range: bytes start-end/size`. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  | { kind: 'unsatisfiable' };

const FULL: RangeDecision = { kind: 'full' };
const DIGITS = /^\d+$/;

/**
 * Decides how to answer a `Range` header for a representation of `size` bytes. Headers that are
 * absent, malformed, in another unit or ask for several ranges are ignored (full response).
 */
export function parseRange(header: string | null | undefined, size: number): RangeDecision {
  if (!header) return FULL;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return FULL;
  const specs = (match[1] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (specs.length !== 1) return FULL;
  const spec = specs[0] as string;
  const dash = spec.indexOf('-');
  if (dash < 0) return FULL;
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();

  if (first === '') {
    // Suffix range: the last N bytes.
    if (!DIGITS.test(last)) return FULL;
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }

  if (!DIGITS.test(first) || (last !== '' && !DIGITS.test(last))) return FULL;
  const start = Number(first);
  if (last !== '' && Number(last) < start) return FULL; // invalid range-spec: ignore the header
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', range: { start, end } };
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

function splitEtags(header: string): string[] {
  return header.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

const opaque = (etag: string) => (etag.startsWith('W/') ? etag.slice(2) : etag);

/** If-None-Match uses weak comparison: `W/"x"` matches `"x"`; `*` matches any current file. */
export function noneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = splitEtags(header);
  return tags.includes('*') || tags.some((t) => opaque(t) === opaque(etag));
}

/**
 * If-Range: the Range header applies only while the file is unchanged. An entity tag must match
 * strongly (weak tags never do); a date must equal Last-Modified to the second.
 */
export function ifRangeAllows(header: string | null | undefined, etag: string, lastModified: Date): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    return !value.startsWith('W/') && !etag.startsWith('W/') && value === etag;
  }
  const date = Date.parse(value);
  if (Number.isNaN(date)) return false;
  return Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}

/** If-Modified-Since (only consulted without If-None-Match): true when the file is not newer. */
export function notModifiedSince(header: string | null | undefined, lastModified: Date): boolean {
  if (!header) return false;
  const date = Date.parse(header);
  if (Number.isNaN(date)) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(date / 1000);
}

/**
 * Content-Disposition with an ASCII fallback and the exact name as RFC 5987/8187 `filename*`,
 * which every current browser prefers.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_');
  const fallback = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
