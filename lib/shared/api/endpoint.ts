import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation: its path, input schemas and response schema. The same object drives the
 * route handler (parsing), the client (types) and the OpenAPI document, so they cannot drift.
 */
export type EndpointAuth = 'public' | 'user';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/v2/missions/{id}`. */
  path: string;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  /** Who may call it: `public` needs no session; `user` (the default) answers 401 without one. */
  auth?: A;
  /** Status of a successful answer; 204 sends no body. */
  status?: 200 | 201 | 202 | 204;
  /** A JSON body's byte limit when this endpoint needs more than the API's 1 MiB (413 above it). */
  maxBodyBytes?: number;
}

// Absent inputs infer as `never`, so a handler cannot read a query the endpoint does not declare.
export const endpoint = <
  Q extends z.ZodType = never,
  B extends z.ZodType = never,
  P extends z.ZodType = never,
  R extends z.ZodType = never,
  A extends EndpointAuth = 'user',
>(
  e: Endpoint<Q, B, P, R, A>,
) => e;

type Parsed<S> = [S] extends [never] ? undefined : S extends z.ZodType ? z.output<S> : undefined;

export type Input<E extends Endpoint> = {
  query: Parsed<NonNullable<E['query']>>;
  body: Parsed<NonNullable<E['body']>>;
  params: Parsed<NonNullable<E['params']>>;
};

export type Output<E extends Endpoint> = z.input<E['response']>;
