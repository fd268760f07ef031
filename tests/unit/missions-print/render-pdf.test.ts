/** @jest-environment node */
import { chromiumPath, forwardedCookies, renderPdf } from '@/lib/server/missions/print/render-pdf';

describe('the PDF renderer', () => {
  it('forwards only the identity session and CSRF cookies to the headless page', () => {
    const header = 'theme=dark; ory_kratos_session=sealed==; csrf_token_0a1b2c=abc=; _ga=GA1.2; csrf_token_evil; tracking=1';
    expect(forwardedCookies(header)).toEqual([
      { name: 'ory_kratos_session', value: 'sealed==' },
      { name: 'csrf_token_0a1b2c', value: 'abc=' },
    ]);
    expect(forwardedCookies(null)).toEqual([]);
  });

  it('uses CHROMIUM_PATH only when it exists, and never falls back from a wrong setting', () => {
    expect(chromiumPath('/nonexistent/chromium')).toBeNull();
    expect(chromiumPath(process.execPath)).toBe(process.execPath);
  });

  it('answers 503 with a reason when no browser is available, without trying to launch one', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      await expect(renderPdf({ url: 'http://localhost:1/mission/1/print', cookieHeader: null, acceptLanguage: 'de' })).rejects.toMatchObject({
        code: 'service_unavailable',
        status: 503,
        details: { reason: 'no_browser' },
        message: expect.stringContaining('/nonexistent/chromium'),
      });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
