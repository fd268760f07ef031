import 'server-only';
import type { z } from 'zod';
import { resolveUser, type CurrentUser } from '@/lib/server/auth/current-user';
import { AppError } from '@/lib/server/errors';
import type { Endpoint, Input, Output } from '@/lib/shared/api/endpoint';
import { errorResponse, newRequestId, toErrorResponse } from './envelope';
import { isCrossOrigin } from './origin';
import { readJsonBody } from './json-body';

export interface RequestContext {
  request: Request;
  requestId: string;
  /** The signed-in user; null only on `auth: 'public'` endpoints. */
  user: CurrentUser | null;
}

/** Handlers of `auth: 'user'` endpoints get a user for sure. */
export type UserRequestContext = RequestContext & { user: CurrentUser };

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  return query;
}

async function jsonBody(request: Request): Promise<unknown> {
  // Streamed and bounded (bytes, depth, string length, NUL and lone surrogates): json-body.ts.
  return readJsonBody(request);
}

const parse = <S extends z.ZodType | undefined>(schema: S, value: unknown) => (schema ? schema.parse(value) : undefined);

/**
 * The one wrapper every /api/v2 route handler goes through: request id, Origin check on
 * state-changing requests, zod parsing of params/query/body, the handler, response shaping
 * through the endpoint's response schema (so no row reaches the client as-is), and the one
 * error envelope.
 */
export function handle<E extends Endpoint>(
  endpoint: E,
  run: (input: Input<E>, ctx: NonNullable<E['auth']> extends 'public' ? RequestContext : UserRequestContext) => Promise<Output<E> | Response>,
) {
  return async (request: Request, route: RouteContext): Promise<Response> => {
    const requestId = newRequestId(request.headers.get('x-request-id'));
    try {
      if (isCrossOrigin(request)) throw new AppError('forbidden', 'Cross-origin request refused');
      // The session is checked here again: the middleware guard is for navigation, not the lock.
      const user = endpoint.auth === 'public' ? null : await resolveUser(request.headers.get('cookie'));
      if (endpoint.auth !== 'public' && !user) throw new AppError('unauthenticated', 'Sign in to continue');
      const input = {
        params: parse(endpoint.params, await route.params),
        query: parse(endpoint.query, queryObject(new URL(request.url))),
        body: endpoint.body ? parse(endpoint.body, await jsonBody(request)) : undefined,
      } as Input<E>;
      const result = await run(input, { request, requestId, user } as UserRequestContext);
      if (result instanceof Response) {
        result.headers.set('x-request-id', requestId);
        return result;
      }
      const status = endpoint.status ?? 200;
      const headers = { 'x-request-id': requestId, 'cache-control': 'no-store' };
      if (status === 204) return new Response(null, { status, headers });
      const shaped = endpoint.response.safeParse(result);
      // Our own bug, not the caller's: surfaces as a logged 500, never as a 400.
      if (!shaped.success) throw new Error(`response of ${endpoint.path} does not match its schema: ${shaped.error.message}`);
      return Response.json(shaped.data, { status, headers });
    } catch (err) {
      return toErrorResponse(err, requestId, `${endpoint.method} ${endpoint.path}`);
    }
  };
}

/** The answer for a method the route does not support, in the envelope. */
export function methodNotAllowed(request: Request): Response {
  return errorResponse({ error: { code: 'method_not_allowed', message: `${request.method} is not supported here` } }, newRequestId(null));
}
