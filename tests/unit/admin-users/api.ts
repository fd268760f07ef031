type Answer = { status: number; body: unknown };

/** A fake fetch that routes by method and path (query ignored) and records every call. */
export function routeFetch(routes: Record<string, Answer>) {
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    const answer = routes[`${init?.method ?? 'GET'} ${path}`] ?? { status: 404, body: { error: { code: 'not_found', message: 'nope' } } };
    return { ok: answer.status < 300, status: answer.status, statusText: '', json: async () => answer.body };
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return fetch;
}
