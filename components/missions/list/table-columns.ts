import { MISSION_TABLE_COLUMNS, type MissionTableColumn } from '@/lib/shared/schemas/table-preset';
import { DEFAULT_TABLE_COLUMNS } from './columns';

/** The columns a URL asks for: known ones, each once, in the given order; the default set otherwise. */
export function parseColumns(value: string | string[] | undefined | null): MissionTableColumn[] {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const known = new Set<string>(MISSION_TABLE_COLUMNS);
  const chosen = [...new Set(text.split(',').map((c) => c.trim()).filter((c) => known.has(c)))] as MissionTableColumn[];
  return chosen.length ? chosen : [...DEFAULT_TABLE_COLUMNS];
}
