import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser } from './browser';
import { freePort } from './server';

export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** Starts the real `oidc-provider` in its own process (it is ESM-only; Jest here is CommonJS). */
export async function startOpenIdProvider(redirectUri: string, port: number): Promise<OpenIdProvider> {
  const clientId = 'argus-test-client';
  const clientSecret = 'argus-test-client-secret-0123456789';
  const child = spawn(process.execPath, [join(__dirname, 'op-process.mjs'), String(port), clientId, clientSecret, redirectUri], { stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`openid provider did not start: ${logs.join('')}`)), 15_000);
    child.stdout.on('data', (d: Buffer) => {
      logs.push(d.toString());
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (d: Buffer) => logs.push(d.toString()));
    child.once('exit', () => reject(new Error(`openid provider exited: ${logs.join('')}`)));
  });
  return {
    issuer: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

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
