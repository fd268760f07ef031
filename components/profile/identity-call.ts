/** An answer of the identity service as spec §8's handling reads it; null when none came (network error). */
export type IdentityAnswer = { status: number; body: unknown } | null;

/**
 * A JSON call to the identity service's public API through our own origin (the proxy), with
 * the browser's cookies. `Accept: application/json` makes the service answer with flows and
 * errors instead of browser redirects.
 */
export async function identityCall(path: string, json?: Record<string, unknown>): Promise<IdentityAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: json ? 'POST' : 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(json && { 'Content-Type': 'application/json' }) },
      body: json ? JSON.stringify(json) : undefined,
    });
  } catch {
    return null;
  }
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}
