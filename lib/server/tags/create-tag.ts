import 'server-only';
import type { z } from 'zod';
import { createTagInput, type TagDto } from '@/lib/shared/schemas/tag';
import { recordAudit } from '../audit/record-audit';
import { requireInternal } from '../auth/guards';
import { tag } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parsedBy } from '../domain/validate';
import { AppError } from '../errors';

export async function createTag(ctx: DomainContext, data: z.output<typeof createTagInput>): Promise<TagDto> {
  requireInternal(ctx.actor, 'create tags');
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insert(tag)
      .values(data)
      .returning()
      .then((rows) => rows[0]!)
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'tag_name_key')) throw new AppError('conflict', 'a tag with this name exists', { fields: { name: ['errors.missions.alreadyExists'] } }, 'errors.missions.tagNameTaken');
        throw err;
      });
    await recordAudit(tx, { entity: 'tag', entityId: row.id, action: 'create', diff: data });
    return { id: row.id, name: row.name, color: row.color, version: row.version };
  });
}

/** createTag for JSON-shaped input (seed, tests): parsed with the endpoint's schema first. */
export const createTagFromJson = parsedBy(createTagInput, createTag);
