import 'server-only';
import type { z } from 'zod';
import { resolveUser, type CurrentUser } from '@/lib/server/auth/current-user';
import { AppError } from '@/lib/server/errors';
import type { Endpoint, Input, Output } from '@/lib/shared/api/endpoint';
import { errorResponse, newRequestId, toErrorResponse } from './envelope';
import { isCrossOrigin } from './origin';
import { textProblem } from '@/lib/server/json/bounded-json';
import { JSON_BODY_LIMITS, readJsonBody } from './json-body';

export interface RequestContext {
  request: Request;
  requestId: string;
  /** The signed-in user; null only on `auth: 'public'` endpoints. */
  user: CurrentUser | null;
}

/** Handlers of `auth: 'user'` endpoints get a user for sure. */
export type UserRequestContext = RequestContext & { user: CurrentUser };

export type RouteContext = { params: Promise<Record<string, string | string[]>> };

function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  return query;
}

/**
 * A NUL or lone surrogate in a path or query value is refused naming it, as in a JSON body
 * (PostgreSQL and the identity service reject such text with errors of their own).
 */
function checkText<V extends Record<string, string | string[]> | undefined>(values: V): V {
  // A route without dynamic segments has no params at all.
  for (const [name, value] of Object.entries(values ?? {})) {
    for (const text of [name, ...(Array.isArray(value) ? value : [value])]) {
      const problem = textProblem(text);
      if (problem) throw new AppError('validation', 'invalid input', { fields: { [name]: [problem === 'nul' ? 'validation.noNul' : 'validation.noLoneSurrogate'] } });
    }
  }
  return values;
}


const parse = <S extends z.ZodType | undefined>(schema: S, value: unknown) => (schema ? schema.parse(value) : undefined);

export type HandlerContext<E extends Endpoint> = NonNullable<E['auth']> extends 'public' ? RequestContext : UserRequestContext;

/** What an authorization step sees: the parsed path and query, never the body. */
export type Addressed<E extends Endpoint> = Pick<Input<E>, 'params' | 'query'>;

/**
 * Decides whether the caller may act on what the path names (the mission, company, user …),
 * throwing an AppError (403/404) when not. It runs before the body is parsed, so a caller who
 * may not act learns nothing from a 400 about what the body should have been.
 */
export type Authorize<E extends Endpoint> = (addressed: Addressed<E>, ctx: HandlerContext<E>) => Promise<void>;

export type Run<E extends Endpoint> = (input: Input<E>, ctx: HandlerContext<E>) => Promise<Output<E> | Response>;

/**
 * The one wrapper every /api/v2 JSON route handler goes through: request id, Origin check on
 * state-changing requests, session, zod parsing of params/query, the optional `authorize` step,
 * then the body (streamed and bounded: json-body.ts), the handler, response shaping through the
 * endpoint's response schema (so no row reaches the client as-is), and the one error envelope.
 * `shapedByVerb`: the verb builds its answer field by field with a typed mapper (no row as-is, its
 * tests check the answer against the schema), so it goes out without a second parse — only for a
 * hot read where that parse is a large part of the request (the mission list: docs/performance.md).
 */
export function handle<E extends Endpoint>(endpoint: E, handler: Run<E> | { authorize?: Authorize<E>; run: Run<E>; shapedByVerb?: true }) {
  const { authorize, run, shapedByVerb } = typeof handler === 'function' ? { authorize: undefined, run: handler, shapedByVerb: undefined } : handler;
  return async (request: Request, route: RouteContext): Promise<Response> => {
    const requestId = newRequestId(request.headers.get('x-request-id'));
    try {
      const { ctx, addressed } = await admitAndAddress(endpoint, request, route, requestId, authorize);
      const limits = endpoint.maxBodyBytes ? { ...JSON_BODY_LIMITS, maxBytes: endpoint.maxBodyBytes } : JSON_BODY_LIMITS;
      const input = { ...addressed, body: endpoint.body ? parse(endpoint.body, await readJsonBody(request, limits)) : undefined } as Input<E>;
      const result = await run(input, ctx);
      if (result instanceof Response) {
        result.headers.set('x-request-id', requestId);
        return result;
      }
      const status = endpoint.status ?? 200;
      const headers = { 'x-request-id': requestId, 'cache-control': 'no-store' };
      if (status === 204) return new Response(null, { status, headers });
      if (shapedByVerb) return Response.json(result, { status, headers });
      const shaped = endpoint.response.safeParse(result);
      // Our own bug, not the caller's: surfaces as a logged 500, never as a 400.
      if (!shaped.success) throw new Error(`response of ${endpoint.path} does not match its schema: ${shaped.error.message}`);
      return Response.json(shaped.data, { status, headers });
    } catch (err) {
      return toErrorResponse(err, requestId, `${endpoint.method} ${endpoint.path}`);
    }
  };
}

/**
 * The checks every endpoint kind shares: the Origin check on state-changing requests and the
 * session (checked here again: the route guard is for navigation, not the lock).
 */
export async function admit(endpoint: Pick<Endpoint, 'auth'>, request: Request): Promise<CurrentUser | null> {
  if (isCrossOrigin(request)) throw new AppError('not_authorized', 'Cross-origin request refused');
  const user = endpoint.auth === 'public' ? null : await resolveUser(request.headers.get('cookie'));
  if (endpoint.auth !== 'public' && !user) throw new AppError('unauthenticated', 'Sign in to continue');
  return user;
}

/**
 * What every endpoint kind does before it reads a body: admission, the parsed path and query,
 * then the authorization step.
 */
export async function admitAndAddress<E extends Endpoint>(endpoint: E, request: Request, route: RouteContext, requestId: string, authorize?: Authorize<E>) {
  const user = await admit(endpoint, request);
  const ctx = { request, requestId, user } as HandlerContext<E>;
  const addressed = {
    params: parse(endpoint.params, checkText(await route.params)),
    query: parse(endpoint.query, checkText(queryObject(new URL(request.url)))),
  } as Addressed<E>;
  if (authorize) await authorize(addressed, ctx);
  return { ctx, addressed };
}

/** The answer for a method the route does not support, in the envelope. */
export function methodNotAllowed(request: Request): Response {
  return errorResponse({ error: { code: 'method_not_allowed', message: `${request.method} is not supported here` } }, newRequestId(null));
}
