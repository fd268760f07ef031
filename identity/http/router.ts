import type { Req } from './request';
import type { Res } from './response';

export type Handler = (req: Req, res: Res, ...params: string[]) => Promise<void>;

interface Route {
  methods: string[];
  pattern: RegExp;
  handler: Handler;
}

/** A tiny method + path router; `{x}` segments become handler arguments. */
export class Router {
  private routes: Route[] = [];

  on(methods: string | string[], path: string, handler: Handler): this {
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`);
    this.routes.push({ methods: Array.isArray(methods) ? methods : [methods], pattern, handler });
    return this;
  }

  match(method: string, path: string): { handler: Handler; params: string[] } | 'method' | null {
    let pathMatched = false;
    for (const r of this.routes) {
      const m = r.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (r.methods.includes(method)) return { handler: r.handler, params: m.slice(1).map((p) => decodeURIComponent(p)) };
    }
    return pathMatched ? 'method' : null;
  }
}
