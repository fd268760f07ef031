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
  });

  it('has no nonce outside a page request', async () => {
    policy = null;
    expect(await scriptNonce()).toBeUndefined();
    expect(renderToStaticMarkup(<IntlWarmup nonce={undefined} />)).toMatch(/^<script>/);
  });

  const code = () => /<script>(.*)<\/script>/.exec(renderToStaticMarkup(<IntlWarmup nonce={undefined} />))![1]!;
  const page = { documentElement: { lang: 'de' } };
  /** An Intl whose constructors record the locales they were made for. */
  function recordingIntl() {
    const made: string[] = [];
    const kind = (name: string) =>
      function (this: unknown, locale: string) {
        made.push(`${name}:${locale}`);
        return { format: () => '', select: () => 'one' };
      };
    return { made, Intl: { NumberFormat: kind('number'), DateTimeFormat: kind('date'), PluralRules: kind('plural') } };
  }

  it("hands the loading to a worker, with the page's language, and formats nothing on the main thread", () => {
    const main = recordingIntl();
    const started: { source: string; posted: unknown[] }[] = [];
    class FakeWorker {
      posted: unknown[] = [];
      constructor(url: string) {
        started.push({ source: blobs.get(url)!, posted: this.posted });
      }
      postMessage(data: unknown) {
        this.posted.push(data);
      }
    }
    const blobs = new Map<string, string>();
    const FakeURL = { createObjectURL: (b: { text: string }) => (blobs.set('blob:1', b.text), 'blob:1'), revokeObjectURL: () => undefined };
    const FakeBlob = function (this: { text: string }, parts: string[]) {
      this.text = parts.join('');
    };
    new Function('document', 'URL', 'Blob', 'Worker', 'Intl', code())(page, FakeURL, FakeBlob, FakeWorker, main.Intl);
    expect(main.made).toEqual([]);
    expect(started).toHaveLength(1);
    expect(started[0]!.posted).toEqual(['de']);

    // The worker's own code: told the language, it makes one formatter of each kind and ends.
    const inWorker = recordingIntl();
    const scope: { onmessage?: (e: { data: string }) => void; closed?: boolean } = {};
    new Function('self', 'Intl', 'close', started[0]!.source)(scope, inWorker.Intl, () => (scope.closed = true));
    scope.onmessage!({ data: 'de' });
    expect(inWorker.made).toEqual(['number:de', 'date:de', 'plural:de']);
    expect(scope.closed).toBe(true);
  });

  it('loads the data in line where no worker can start', () => {
    const main = recordingIntl();
    const NoWorker = function () {
      throw new Error('refused by the policy');
    };
    new Function('document', 'Worker', 'Intl', code())(page, NoWorker, main.Intl);
    expect(main.made).toEqual(['number:de', 'date:de']);
  });

  it('runs without an error where Intl is missing', () => {
    expect(() => new Function('document', 'Worker', 'Intl', code())(page, undefined, undefined)).not.toThrow();
  });
});
