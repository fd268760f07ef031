import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { TablePresetDto } from '@/lib/shared/schemas/table-preset';
import { tablePreset } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { ownerOf, toTablePresetDto } from './table-preset-dto';

/** The signed-in user's own table presets (spec §3 Table preset), by name. Nobody sees another user's. */
export async function listTablePresets(ctx: DomainContext): Promise<TablePresetDto[]> {
  const owner = ownerOf(ctx.actor);
  if (!owner) return [];
  const rows = await ctx.db.select().from(tablePreset).where(eq(tablePreset.ownerId, owner)).orderBy(asc(sql`lower(${tablePreset.name})`), asc(tablePreset.id));
  return rows.map(toTablePresetDto);
}
