import { renderToStaticMarkup } from 'react-dom/server';
import { IntlWarmup } from '@/components/platform/intl-warmup';
import { scriptNonce } from '@/lib/server/security/script-nonce';

let policy: string | null = null;
jest.mock('next/headers', () => ({ headers: async () => new Headers(policy ? { 'content-security-policy': policy } : {}) }));

describe('IntlWarmup', () => {
  it("runs under the request's script nonce, which the page's policy allows", async () => {
    policy = "default-src 'self'; script-src 'self' 'nonce-QUJDRA==' 'strict-dynamic'; object-src 'none'";
    const html = renderToStaticMarkup(<IntlWarmup nonce={await scriptNonce()} />);
    expect(html).toMatch(/^<script nonce="QUJDRA==">/);
    expect(html).toContain('new Intl.NumberFormat(l)');
    expect(html).toContain('new Intl.DateTimeFormat(l)');
  });

  it('has no nonce outside a page request', async () => {
    policy = null;
    expect(await scriptNonce()).toBeUndefined();
    expect(renderToStaticMarkup(<IntlWarmup nonce={undefined} />)).toMatch(/^<script>/);
  });

  it('runs without an error, and without one where Intl is missing', () => {
    const code = /<script>(.*)<\/script>/.exec(renderToStaticMarkup(<IntlWarmup nonce={undefined} />))![1]!;
    expect(() => new Function(code)()).not.toThrow();
    expect(() => new Function('Intl', code)(undefined)).not.toThrow();
  });
});
