import { Configuration, FrontendApi, IdentityApi, CourierApi } from '@ory/client-fetch';
import { adminHeaders } from './server';

export interface StoredCookie {
  name: string;
  value: string;
  attributes: string[];
}

/** A minimal browser: a cookie jar in front of fetch, redirects not followed. */
export class Browser {
  readonly cookies = new Map<string, StoredCookie>();
  /** Every Set-Cookie header seen, newest last. */
  readonly setCookies: string[] = [];

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const jar = this.cookieHeader();
    if (jar) headers.set('Cookie', jar);
    const res = await fetch(input, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  };

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      const expired = attrs.some((a) => /^max-age=(-\d+|0)$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { name, value, attributes: attrs });
    }
  }

  cookieHeader(): string {
    return [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  }

  cookie(prefix: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((c) => c.name.startsWith(prefix));
  }

  /** The Ory SDK as an SPA would use it: cookies + Accept: application/json. */
  frontend(basePath: string, headers: Record<string, string> = {}): FrontendApi {
    return new FrontendApi(new Configuration({ basePath, fetchApi: this.fetch, headers: { Accept: 'application/json', ...headers } }));
  }
}

/** The SDK as a native app uses it: no cookies, session tokens. */
export function nativeFrontend(basePath: string): FrontendApi {
  return new FrontendApi(new Configuration({ basePath, headers: { Accept: 'application/json' } }));
}

export function admin(basePath: string): { identity: IdentityApi; courier: CourierApi } {
  const config = new Configuration({ basePath, headers: adminHeaders() });
  return { identity: new IdentityApi(config), courier: new CourierApi(config) };
}
