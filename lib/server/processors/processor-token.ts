import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { processor } from '../db/schema';
import type { Executor } from '../jobs/define';
import { AppError } from '../errors';

export type ProcessorRow = typeof processor.$inferSelect;

/** A new secret: shown once to the admin, stored only as its SHA-256. */
export function newProcessorToken(): { token: string; sha256: string } {
  const token = `argp_${randomBytes(32).toString('base64url')}`;
  return { token, sha256: tokenSha256(token) };
}

export const tokenSha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const unauthenticated = () => new AppError('unauthenticated', 'A valid processor token is required (Authorization: Bearer …)', undefined, 'errors.processors.badToken');

/** One lookup per request: the authorize step and the handler both ask. */
const seen = new WeakMap<Request, Promise<ProcessorRow>>();

/**
 * The processor behind `Authorization: Bearer <token>`: 401 for a missing, unknown or revoked
 * token. Records when it was last seen.
 */
export function processorFromRequest(db: Executor, request: Request): Promise<ProcessorRow> {
  let found = seen.get(request);
  if (!found) {
    found = lookUp(db, request);
    seen.set(request, found);
  }
  return found;
}

async function lookUp(db: Executor, request: Request): Promise<ProcessorRow> {
  const match = /^Bearer\s+(argp_[\w-]{20,100})$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) throw unauthenticated();
  const [row] = await db
    .update(processor)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(processor.tokenSha256, tokenSha256(match[1]!)), isNull(processor.revokedAt)))
    .returning();
  if (!row) throw unauthenticated();
  return row;
}
