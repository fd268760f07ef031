import type { z } from 'zod';
import type { Endpoint } from '@/lib/shared/api/endpoint';
import type { Route } from '@/lib/shared/api/route-table';
import { apiFetch } from '../fetcher';

/*
 * The typed caller over the endpoint descriptions (lib/shared/api/endpoints): the input and answer
 * types come from the one object the route handler and OpenAPI use too, the path template and
 * method from its zod-free route (routes/*.ts, generated from the same objects, so the browser
 * bundle carries no schemas). A component never writes an /api/v2 URL by hand and cannot send
 * what the server does not parse.
 */

type Schema<S> = [S] extends [never] ? never : S extends z.ZodType ? S : never;
// A part whose schema accepts undefined (an optional action body) may be left out.
type Part<K extends string, S> = [Schema<S>] extends [never]
  ? { [P in K]?: never }
  : undefined extends z.input<Schema<S>>
    ? { [P in K]?: z.input<Schema<S>> }
    : { [P in K]: z.input<Schema<S>> };

export type CallArgs<E extends Endpoint> = Part<'params', NonNullable<E['params']>> &
  Partial<Part<'query', NonNullable<E['query']>>> &
  Part<'body', NonNullable<E['body']>>;

/** What the endpoint answers (JSON); `null` for a 204. */
export type Answer<E extends Endpoint> = z.output<E['response']>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `?a=1&b=x&b=y` of a query object: arrays repeat their key, empty values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined || one === null || one === '') continue;
      search.append(key, String(one));
    }
  }
  // Commas stay readable (a box, a list of values): they need no escaping in a query.
  const text = search.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

/**
 * The URL of an endpoint: `{name}` segments filled from `params` (encoded), then the query.
 * `search` appends a query string built elsewhere (a list's filters shared with the page URL).
 */
export function urlOf(endpoint: Pick<Route, 'path'>, args: { params?: unknown; query?: unknown; search?: string } = {}): string {
  const params = (args.params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const query = queryString(args.query as Record<string, unknown> | undefined);
  const extra = args.search?.replace(/^[?&]/, '');
  return `${path}${query}${extra ? `${query ? '&' : '?'}${extra}` : ''}`;
}

export type CallOptions = { search?: string; signal?: AbortSignal };

/** Calls an endpoint: JSON body, same-origin cookies, the envelope thrown as ApiError. */
export function call<E extends Endpoint>(route: Route, args: CallArgs<E> = {} as CallArgs<E>, options: CallOptions = {}): Promise<Answer<E>> {
  const { body } = args as { body?: unknown };
  return apiFetch<Answer<E>>(urlOf(route, { ...args, search: options.search }), {
    method: route.method,
    signal: options.signal,
    ...(route.body && { json: body ?? {} }),
  });
}

/** One endpoint as a typed function; `url` gives its address (an SWR key, a link's href). */
export interface Caller<E extends Endpoint> {
  (args?: CallArgs<E>, options?: CallOptions): Promise<Answer<E>>;
  route: Route;
  url(args?: CallArgs<E> & { search?: string }): string;
}

type Callers<M> = { [K in keyof M as M[K] extends Endpoint ? K : never]: M[K] extends Endpoint ? Caller<M[K]> : never };

/**
 * The endpoints of a description module as typed functions: `M` is the module's type (imported
 * with `import type`, so no schema reaches the browser), `routes` its table in routes/.
 */
export function callers<M extends Record<string, unknown>>(routes: Readonly<Record<string, Route>>): Callers<M> {
  const out: Record<string, Caller<Endpoint>> = {};
  for (const [name, route] of Object.entries(routes)) {
    const caller = ((args?: CallArgs<Endpoint>, options?: CallOptions) => call(route, args, options)) as Caller<Endpoint>;
    caller.route = route;
    caller.url = (args) => urlOf(route, args ?? {});
    out[name] = caller;
  }
  return out as unknown as Callers<M>;
}
