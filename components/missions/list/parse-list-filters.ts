import { missionListFilters, type MissionListFilters } from '@/lib/shared/schemas/mission-view';
import { LIST_KEYS, type SearchParams } from './list-query';

function rawValue(params: SearchParams, key: string): string | string[] | undefined {
  if (params instanceof URLSearchParams) {
    const all = params.getAll(key);
    return all.length > 1 ? all : all[0];
  }
  return params[key];
}

/**
 * The list's filters from a URL. Each parameter is read on its own: a bad value (an old link,
 * a typo) drops that filter instead of breaking the whole list.
 */
export function parseListFilters(params: SearchParams): MissionListFilters {
  const shape = missionListFilters.shape;
  const out: Record<string, unknown> = {};
  for (const key of LIST_KEYS) {
    const field = shape[key];
    const parsed = field.safeParse(rawValue(params, key));
    out[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return out as MissionListFilters;
}

