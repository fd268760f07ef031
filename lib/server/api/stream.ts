import 'server-only';
import { AppError } from '@/lib/server/errors';
import { contentRange, parseRange } from '@/lib/server/storage/range';
import type { Endpoint } from '@/lib/shared/api/endpoint';
import { toErrorResponse, newRequestId } from './envelope';
import { admitAndAddress, type Addressed, type Authorize, type HandlerContext, type RouteContext } from './handler';

/*
 * The endpoint kind for binary and streamed bodies (downloads with Range, raw uploads, server-sent
 * progress): the same request id, Origin check, session, params/query parsing, authorization
 * step and error envelope as `handle`, but `run` answers a Response of its own and an upload's
 * body reaches it as a size-limited stream instead of parsed JSON.
 */

type Ctx<E extends Endpoint> = HandlerContext<E>;

export interface StreamInput<E extends Endpoint> extends Addressed<E> {
  /** The raw request body, cut off with 413 beyond `maxBodyBytes`; null without one. */
  body: ReadableStream<Uint8Array> | null;
}

export interface StreamOptions<E extends Endpoint> {
  authorize?: Authorize<E>;
  run: (input: StreamInput<E>, ctx: Ctx<E>) => Promise<Response>;
  /** Largest raw body accepted (uploads); a declared larger one is refused before any byte is read. */
  maxBodyBytes?: number;
}


export const tooLarge = (max: number) => new AppError('payload_too_large', `The request body exceeds ${max} bytes`, { maxBytes: max });

/** The body as a stream that errors with 413 once more than `max` bytes came (a missing or lying Content-Length). */
export function limitedBody(request: Request, max: number | undefined): ReadableStream<Uint8Array> | null {
  if (!request.body) return null;
  if (max === undefined) return request.body;
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw tooLarge(max);
  let seen = 0;
  return request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(tooLarge(max));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export function handleStream<E extends Endpoint>(endpoint: E, options: StreamOptions<E>) {
  return async (request: Request, route: RouteContext): Promise<Response> => {
    const requestId = newRequestId(request.headers.get('x-request-id'));
    try {
      const { ctx, addressed } = await admitAndAddress(endpoint, request, route, requestId, options.authorize);
      const response = await options.run({ ...addressed, body: limitedBody(request, options.maxBodyBytes) }, ctx);
      response.headers.set('x-request-id', requestId);
      return response;
    } catch (err) {
      return toErrorResponse(err, requestId, `${endpoint.method} ${endpoint.path}`);
    }
  };
}

/**
 * Bytes held in memory (a rendered PDF) as a download that honours a single `Range`: 206 with
 * Content-Range, 416 in the envelope when the range lies outside, else 200.
 */
export function bytesResponse(request: Request, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  const size = bytes.byteLength;
  const decision = parseRange(request.headers.get('range'), size);
  if (decision.kind === 'unsatisfiable') {
    throw new AppError('range_not_satisfiable', 'Requested range is outside the file', { size });
  }
  const base = { ...headers, 'accept-ranges': 'bytes' };
  if (decision.kind === 'partial') {
    const { start, end } = decision.range;
    return new Response(bytes.slice(start, end + 1), {
      status: 206,
      headers: { ...base, 'content-range': contentRange(decision.range, size), 'content-length': String(end - start + 1) },
    });
  }
  return new Response(bytes, { status: 200, headers: { ...base, 'content-length': String(size) } });
}

/** One server-sent event. */
export interface ServerEvent {
  event?: string;
  id?: string;
  data: unknown;
}

/**
 * A text/event-stream of the events (data as JSON). It ends when the events end or the client
 * goes away (the iterator is returned, so a generator's `finally` runs).
 */
export function sseResponse(events: AsyncIterable<ServerEvent>, signal?: AbortSignal): Response {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (signal?.aborted) {
        await iterator.return?.();
        controller.close();
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      const { event, id, data } = next.value;
      const lines = [event && `event: ${event}`, id && `id: ${id}`, ...JSON.stringify(data).split('\n').map((line) => `data: ${line}`)].filter(Boolean);
      controller.enqueue(encoder.encode(`${lines.join('\n')}\n\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' } });
}
