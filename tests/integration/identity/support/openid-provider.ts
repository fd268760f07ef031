import { startOpenIdProvider, type OpenIdProvider } from '../../../support/openid-provider';
import type { Browser } from './browser';
import { freePort } from './server';

// The provider itself is shared with the end-to-end suite (scripts/test.ts starts one for it).
export { startOpenIdProvider, type OpenIdProvider };
export { freePort };

/**
 * Plays the user at the provider: follows redirects from the authorize URL, signs in as `login`
 * on the login page, grants consent, and returns the URL the provider sends the browser back to.
 */
export async function signInAtProvider(browser: Browser, authorizeUrl: string, login: string, stopAt: string): Promise<string> {
  let url = authorizeUrl;
  for (let i = 0; i < 20; i++) {
    if (url.startsWith(stopAt)) return url;
    const res = await browser.fetch(url, { headers: { Accept: 'text/html' } });
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      continue;
    }
    const html = await res.text();
    const action = new URL(html.match(/action="([^"]+)"/)?.[1] ?? url, url).toString();
    const form: Record<string, string> = html.includes('name="prompt" value="login"') ? { prompt: 'login', login, password: 'anything' } : { prompt: 'consent' };
    const post = await browser.fetch(action, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    url = new URL(post.headers.get('location') ?? '', action).toString();
  }
  throw new Error('too many redirects at the provider');
}
