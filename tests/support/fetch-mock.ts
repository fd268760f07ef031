/** jsdom has no fetch or Response: a minimal JSON answer for components that call the API. */
export function jsonFetch(status: number, body: unknown) {
  return jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    json: async () => body,
  });
}
