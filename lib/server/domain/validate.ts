import 'server-only';
import type { z } from 'zod';
import { AppError } from '../errors';
import type { FieldErrors } from '@/lib/shared/errors';

/** Parses verb input; a failure becomes a `validation` AppError with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    (fields[path] ??= []).push(issue.message);
  }
  throw new AppError('validation', 'invalid input', { fields });
}

/** True when a pg error is a unique violation (optionally of one named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23505' && (!constraint || pg.constraint === constraint)) return true;
  }
  return false;
}

/**
 * A verb takes its input parsed once, at the boundary (route handlers parse with the endpoint's
 * schema). Callers holding JSON-shaped input instead — the seed, scripts, tests — use the verb
 * through this, which parses with the same schema first.
 */
export function parsedBy<S extends z.ZodType, C, R>(schema: S, verb: (ctx: C, data: z.output<S>) => Promise<R>): (ctx: C, input: z.input<S>) => Promise<R> {
  return async (ctx, input) => verb(ctx, parseInput(schema, input));
}
