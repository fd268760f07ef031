import type { Req } from '../http/request';
import type { Res } from '../http/response';

/**
 * Kratos's "migration" paging of `GET /sessions` (ory/x migrationpagination): `page_size` +
 * `page_token` when either is present, else the legacy `per_page` + `page` (0-based). Both
 * default to 250 items, at most 1000. The token is Kratos's offset token,
 * base64url(`{"offset":"<n>","v":2}`).
 */
export interface Page {
  page: number;
  perPage: number;
}

const DEFAULT_ITEMS = 250;
const MAX_ITEMS = 1000;

export function encodePageToken(offset: number): string {
  return Buffer.from(`{"offset":"${offset}","v":2}`).toString('base64url');
}

function decodePageToken(token: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { offset?: unknown };
    const n = Number(parsed.offset);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  } catch {
    return 0;
  }
}

/** Go's strconv.ParseInt: an integer or nothing. */
function int(value: string | null): number | null {
  return value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : null;
}

const clampItems = (n: number | null) => Math.min(MAX_ITEMS, Math.max(1, n ?? DEFAULT_ITEMS));

export function parsePage(req: Req): Page {
  const query = req.query;
  if (query.has('page_token') || query.has('page_size')) {
    const perPage = clampItems(int(query.get('page_size')));
    const token = query.get('page_token');
    const offset = token ? decodePageToken(token) : 0;
    return { page: Math.max(0, Math.trunc(offset / perPage)), perPage };
  }
  return { page: Math.max(0, int(query.get('page')) ?? 0), perPage: clampItems(int(query.get('per_page'))) };
}

/** One Link entry: the request's path and query with all four paging parameters set (Go sorts query keys). */
function link(req: Req, rel: string, perPage: number, offset: number): string {
  const params = new URLSearchParams(req.query);
  params.set('page_size', String(perPage));
  params.set('page_token', encodePageToken(offset));
  params.set('per_page', String(perPage));
  params.set('page', String(Math.trunc(offset / perPage)));
  params.sort();
  return `<${req.url.pathname}?${params.toString()}>; rel="${rel}"`;
}

/** `X-Total-Count` and `Link` exactly as ory/x pagination.HeaderWithFormatter writes them. */
export function setPageHeaders(req: Req, res: Res, total: number, { page, perPage }: Page): void {
  const offset = page * perPage;
  const lastOffset = total % perPage === 0 ? total - perPage : Math.floor(total / perPage) * perPage;
  const at = Math.trunc(offset / perPage);
  res.headers['X-Total-Count'] = String(total);
  let links: string[];
  if (offset >= lastOffset) {
    if (total === 0) links = [link(req, 'first', perPage, 0), link(req, 'next', perPage, (at + 1) * perPage), link(req, 'prev', perPage, (at - 1) * perPage)];
    else if (total <= perPage) links = [link(req, 'first', total, 0)];
    else links = [link(req, 'first', perPage, 0), link(req, 'prev', perPage, lastOffset - perPage)];
  } else if (offset < perPage) {
    links = [link(req, 'next', perPage, perPage), link(req, 'last', perPage, lastOffset)];
  } else {
    links = [link(req, 'first', perPage, 0), link(req, 'next', perPage, (at + 1) * perPage), link(req, 'prev', perPage, (at - 1) * perPage), link(req, 'last', perPage, lastOffset)];
  }
  res.headers.Link = links.join(',');
}
