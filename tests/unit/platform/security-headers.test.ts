/**
 * @jest-environment node
 */
import { contentSecurityPolicy } from '@/lib/server/security/headers.mjs';

type PageHeaders = typeof import('@/lib/server/security/page-headers');

/** The page headers module under a given environment (it reads the configuration once). */
function pageHeadersWith(env: Record<string, string>): PageHeaders['pageSecurityHeaders'] {
  const saved = { ...process.env };
  let fn!: PageHeaders['pageSecurityHeaders'];
  try {
    Object.assign(process.env, env);
    jest.isolateModules(() => {
      fn = jest.requireActual<PageHeaders>('@/lib/server/security/page-headers').pageSecurityHeaders;
      fn(new Headers());
    });
  } finally {
    process.env = saved;
  }
  return fn;
}

describe('security headers', () => {
  it('gives pages a fresh script nonce, no inline scripts, and the policy to Next.js', () => {
    const headers = pageHeadersWith({});
    const a = headers(new Headers());
    const b = headers(new Headers());
    const policy = a.responseHeaders['content-security-policy']!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[\w+/=]{20,}' 'strict-dynamic'(;|$)/);
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(a.nonceHeaders['content-security-policy']).toBe(policy);
    expect(b.responseHeaders['content-security-policy']).not.toBe(policy);
    expect(a.responseHeaders).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' });
    expect(a.responseHeaders['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the app origin is https or the request came through TLS', () => {
    expect(pageHeadersWith({ APP_URL: 'https://argus.example.com' })(new Headers()).responseHeaders['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    const plain = pageHeadersWith({ APP_URL: 'http://localhost:3000' });
    expect(plain(new Headers({ 'x-forwarded-proto': 'https' })).responseHeaders['strict-transport-security']).toBeDefined();
  });

  it("opens connect-src and img-src to a configured map style's scheme only", () => {
    const policy = pageHeadersWith({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' })(new Headers()).responseHeaders['content-security-policy']!;
    expect(policy).toContain("connect-src 'self' data: blob: https:");
    expect(policy).toContain("img-src 'self' data: blob: https:");
    expect(contentSecurityPolicy()).toContain("connect-src 'self' data: blob:;");
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    expect(contentSecurityPolicy({ nonce: 'n', dev: true })).toContain("'unsafe-eval'");
  });
});
