/** jsdom has no fetch or Response: a minimal JSON answer for components that call the API. */
export function jsonFetch(status: number, body: unknown) {
  return jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    json: async () => body,
  });
}

type Answer = { status: number; body: unknown };

/**
 * A fetch that answers by method and path (`'GET /api/v2/datasets'`, query left out), each answer
 * a value or a function of the request (URL and init); anything else fails the call loudly.
 */
export function routedFetch(routes: Record<string, Answer | ((url: string, init: RequestInit) => Answer)>) {
  const fetch = jest.fn(async (input: unknown, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    const { status, body } = typeof route === 'function' ? route(url, init) : route;
    return { ok: status >= 200 && status < 300, status, statusText: '', json: async () => body };
  });
  return fetch as unknown as jest.Mock & typeof globalThis.fetch;
}
