import 'server-only';
import type { z } from 'zod';
import { asc, sql } from 'drizzle-orm';
import { tagPickerQuery } from '@/lib/shared/schemas/pickers';
import type { TagDto } from '@/lib/shared/schemas/tag';
import { tag } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';

/**
 * Every tag, by name (spec §3 Tag). Tags are one shared vocabulary of the provider, not tenant
 * data, so any signed-in user may read them (the lists filter by tag); creating is internal only.
 */
export async function listTags(ctx: DomainContext, q: z.output<typeof tagPickerQuery>): Promise<TagDto[]> {
  const rows = await ctx.db
    .select({ id: tag.id, name: tag.name, color: tag.color, version: tag.version })
    .from(tag)
    .where(q.q ? sql`${tag.name} ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined)
    .orderBy(asc(sql`lower(${tag.name})`))
    .limit(q.limit);
  return rows;
}

/** listTags for query-shaped input (tests): parsed with the endpoint's schema first (its defaults too). */
export const listTagsFromJson = parsedBy(tagPickerQuery, listTags);
