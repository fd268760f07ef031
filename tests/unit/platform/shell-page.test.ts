import { URL_HEADER } from '@/lib/shared/auth/route-guard';

let forwarded: Record<string, string> = {};
jest.mock('next/headers', () => ({ headers: async () => new Headers(forwarded) }));

// Imported after the mock of next/headers (jest hoists the mock anyway).
import { onShellPage } from '@/lib/server/pages/shell-page';

/**
 * The root not-found and forbidden views leave out the shell on a page of the shell, where the
 * shell's own views are the nearer boundaries (app/not-found.tsx). Anything else keeps them whole.
 */
describe('onShellPage', () => {
  const at = (url: string | null) => {
    forwarded = url === null ? {} : { [URL_HEADER]: url };
    return onShellPage();
  };

  it('is true for the known pages of the shell', async () => {
    await expect(at('http://localhost:3000/mission/42')).resolves.toBe(true);
    await expect(at('http://localhost:3000/mission/42/panelizer')).resolves.toBe(true);
    await expect(at('http://localhost:3000/mission-list?status=open')).resolves.toBe(true);
  });

  it('is false for unknown paths and /not-found (the root view is their content), other layouts and requests the route guard did not see', async () => {
    await expect(at('http://localhost:3000/no-such-page')).resolves.toBe(false);
    await expect(at('http://localhost:3000/not-found')).resolves.toBe(false);
    await expect(at('http://localhost:3000/mission/abc')).resolves.toBe(false);
    await expect(at('http://localhost:3000/mission/42/print')).resolves.toBe(false);
    await expect(at('http://localhost:3000/auth/signin')).resolves.toBe(false);
    await expect(at(null)).resolves.toBe(false);
    await expect(at('not a url')).resolves.toBe(false);
  });
});
