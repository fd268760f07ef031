import { isErrorEnvelope, type ErrorCode } from '@/lib/shared/errors';

/** What every failed API call throws: the envelope's code and message plus the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The message key an API error names (every envelope carries one), or null for anything else. */
export const messageKeyOf = (err: unknown): string | null => (err instanceof ApiError && typeof err.details?.key === 'string' ? err.details.key : null);

/** The one client fetcher (also SWR's): JSON in and out, same-origin cookies, envelope → ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { accept: 'application/json', ...(json !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (err) {
    throw new ApiError(0, 'network', err instanceof Error ? err.message : 'Network error');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorEnvelope(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.details);
    throw new ApiError(response.status, response.status >= 500 ? 'internal' : 'bad_request', response.statusText || `HTTP ${response.status}`);
  }
  return body as T;
}

/**
 * SWR starts its first request for a key while React commits the component that asks (in a layout
 * effect), so all of a page's first reads started inside the one commit that showed the page. Each
 * start costs the main thread 1–9 ms (Blink's resource fetcher, in Lighthouse's traces of the mission
 * page), and five of them made that commit a long task. Each read starts in a task of its own instead,
 * right after the commit.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const swrFetcher = async <T>(path: string): Promise<T> => {
  await nextTask();
  return apiFetch<T>(path);
};
