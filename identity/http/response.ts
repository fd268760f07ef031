import type { ServerResponse } from 'node:http';

export interface CookieOptions {
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
  /** Domain attribute (Kratos cookies.domain); unset = host-only. */
  domain?: string;
}

export class Res {
  readonly cookies: string[] = [];
  readonly headers: Record<string, string> = {};
  sent = false;

  constructor(readonly raw: ServerResponse) {}

  cookie(name: string, value: string, opts: CookieOptions): void {
    const parts = [`${name}=${value}`, `Path=${opts.path ?? '/'}`];
    if (opts.domain) parts.push(`Domain=${opts.domain}`);
    if (opts.maxAge !== undefined) {
      parts.push(`Max-Age=${opts.maxAge}`);
      if (opts.maxAge > 0) parts.push(`Expires=${new Date(Date.now() + opts.maxAge * 1000).toUTCString()}`);
      else parts.push('Expires=Thu, 01 Jan 1970 00:00:01 GMT');
    }
    if (opts.httpOnly !== false) parts.push('HttpOnly');
    if (opts.secure) parts.push('Secure');
    parts.push(`SameSite=${opts.sameSite ?? 'Lax'}`);
    // Replace an earlier cookie of the same name set during this response.
    const idx = this.cookies.findIndex((c) => c.startsWith(`${name}=`));
    if (idx >= 0) this.cookies.splice(idx, 1);
    this.cookies.push(parts.join('; '));
  }

  private head(status: number, extra: Record<string, string>): void {
    if (this.cookies.length > 0) this.raw.setHeader('Set-Cookie', this.cookies);
    this.raw.setHeader('Cache-Control', 'private, no-cache, no-store, must-revalidate');
    for (const [k, v] of Object.entries({ ...this.headers, ...extra })) this.raw.setHeader(k, v);
    this.raw.statusCode = status;
    this.sent = true;
  }

  json(status: number, body: unknown): void {
    this.head(status, { 'Content-Type': 'application/json; charset=utf-8' });
    this.raw.end(JSON.stringify(body));
  }

  redirect(status: 302 | 303, location: string): void {
    this.head(status, { Location: location, 'Content-Type': 'text/html; charset=utf-8' });
    this.raw.end(`<a href="${location.replace(/"/g, '&quot;')}">See Other</a>.\n`);
  }

  empty(status: number): void {
    this.head(status, {});
    this.raw.end();
  }

  text(status: number, body: string, type = 'text/plain; charset=utf-8'): void {
    this.head(status, { 'Content-Type': type });
    this.raw.end(body);
  }
}
