import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ProcessorDto } from '@/lib/shared/schemas/processor';
import { recordAudit } from '../audit/record-audit';
import { actorId, type Actor } from '../auth/actor';
import { processor } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import { newProcessorToken, type ProcessorRow } from './processor-token';

/** Processor tokens are an admin's business (they let a machine write any mission's datasets). */
function requireAdmin(actor: Actor): void {
  if (actor.kind === 'system') return;
  if (actor.kind !== 'user' || !actor.roles.includes('admin')) throw new AppError('not_authorized', 'only admins manage processors', undefined, 'errors.processors.adminOnly');
}

const toDto = (r: ProcessorRow): ProcessorDto => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

export async function listProcessors(ctx: DomainContext): Promise<ProcessorDto[]> {
  requireAdmin(ctx.actor);
  return (await ctx.db.select().from(processor).orderBy(desc(processor.createdAt), desc(processor.id))).map(toDto);
}

/** Issues a processor's token; the answer is the only place the token ever appears. */
export async function issueProcessor(ctx: DomainContext, { name }: { name: string }): Promise<ProcessorDto & { token: string }> {
  requireAdmin(ctx.actor);
  return inTransaction(ctx, async (tx) => {
    const { token, sha256 } = newProcessorToken();
    const [row] = await tx.db.insert(processor).values({ name, tokenSha256: sha256, createdBy: actorId(tx.actor) }).returning();
    await recordAudit(tx, { entity: 'processor', entityId: row!.id, missionId: null, action: 'issue', diff: { name } });
    return { ...toDto(row!), token };
  });
}

/** Revokes a token at once: the next request with it is 401. */
export async function revokeProcessor(ctx: DomainContext, { id }: { id: number }): Promise<ProcessorDto> {
  requireAdmin(ctx.actor);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(processor)
      .set({ revokedAt: sql`coalesce(${processor.revokedAt}, now())`, updatedAt: sql`now()`, version: sql`${processor.version} + 1` })
      .where(eq(processor.id, id))
      .returning();
    if (!row) throw notFound('processor');
    await recordAudit(tx, { entity: 'processor', entityId: id, missionId: null, action: 'revoke', diff: {} });
    return toDto(row);
  });
}

export const activeProcessor = (id: number) => and(eq(processor.id, id), isNull(processor.revokedAt));
