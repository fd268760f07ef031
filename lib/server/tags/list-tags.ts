import 'server-only';
import { asc, sql } from 'drizzle-orm';
import { tagPickerQuery, type TagPickerQuery } from '@/lib/shared/schemas/pickers';
import type { TagDto } from '@/lib/shared/schemas/tag';
import { tag } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';

/**
 * Every tag, by name (spec §3 Tag). Tags are one shared vocabulary of the provider, not tenant
 * data, so any signed-in user may read them (the lists filter by tag); creating is internal only.
 */
export async function listTags(ctx: DomainContext, input: TagPickerQuery = {}): Promise<TagDto[]> {
  const q = parseInput(tagPickerQuery, input);
  const rows = await ctx.db
    .select({ id: tag.id, name: tag.name, color: tag.color, version: tag.version })
    .from(tag)
    .where(q.q ? sql`${tag.name} ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined)
    .orderBy(asc(sql`lower(${tag.name})`))
    .limit(q.limit);
  return rows;
}
