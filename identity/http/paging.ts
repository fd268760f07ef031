import type { Req } from './request';
import type { Res } from './response';

/**
 * Kratos paging: `page_size` + opaque `page_token` (keyset in Kratos; an offset here), plus the
 * legacy `per_page` + `page` (0-based). The next page is announced in a `Link` header.
 */
export function paging(req: Req, defaultSize = 250): { limit: number; offset: number } {
  const size = Number(req.query.get('page_size') ?? req.query.get('per_page') ?? defaultSize);
  const limit = Math.min(1000, Math.max(1, Number.isFinite(size) ? Math.floor(size) : defaultSize));
  const token = req.query.get('page_token');
  if (token) {
    const n = Number(Buffer.from(token, 'base64url').toString('utf8').replace(/^o:/, ''));
    return { limit, offset: Number.isFinite(n) && n >= 0 ? n : 0 };
  }
  const page = Number(req.query.get('page') ?? 0);
  return { limit, offset: Number.isFinite(page) && page > 0 ? Math.floor(page) * limit : 0 };
}

export function setLinkHeader(req: Req, res: Res, limit: number, offset: number, hasNext: boolean): void {
  const make = (off: number) => {
    const u = new URL(req.url.pathname, req.url.origin);
    for (const [k, v] of req.query) if (!['page_token', 'page', 'per_page', 'page_size'].includes(k)) u.searchParams.append(k, v);
    u.searchParams.set('page_size', String(limit));
    u.searchParams.set('page_token', Buffer.from(`o:${off}`).toString('base64url'));
    return u.pathname + u.search;
  };
  const links = [`<${make(0)}>; rel="first"`];
  if (hasNext) links.push(`<${make(offset + limit)}>; rel="next"`);
  res.headers.Link = links.join(',');
}
