import { map } from '@/lib/client/api/map';
import { bboxParam } from '@/lib/shared/map/map-grid';

/*
 * The map overview keeps its filters in the URL (`/map-overview?status=created,delivered&step=scan`),
 * with the names and values of `GET /api/v2/missions`, so a filtered map is a shareable link.
 * Zod-free: the client imports it. Unknown values are dropped against the vocabulary the server passes.
 */

export interface MapFilters {
  status: string[];
  step: string[];
}

export type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

export interface MapVocabulary {
  statuses: readonly string[];
  steps: readonly string[];
}

function values(params: SearchParams, key: string): string[] {
  const raw = params instanceof URLSearchParams ? params.getAll(key) : [params[key] ?? []].flat();
  return raw.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** The filters of a URL, in vocabulary order, without duplicates or unknown values. */
export function parseMapFilters(params: SearchParams, vocab: MapVocabulary): MapFilters {
  const pick = (key: string, allowed: readonly string[]) => {
    const given = new Set(values(params, key));
    return allowed.filter((v) => given.has(v));
  };
  return { status: pick('status', vocab.statuses), step: pick('step', vocab.steps) };
}

/** The page's query string (no `?`): empty filters left out, commas kept readable. */
export function mapFiltersQuery(filters: MapFilters): string {
  const params = new URLSearchParams();
  if (filters.status.length) params.set('status', filters.status.join(','));
  if (filters.step.length) params.set('step', filters.step.join(','));
  return params.toString().replace(/%2C/gi, ',');
}

/** The API request for a view: box, zoom and the filters. */
export function mapMissionsUrl(bbox: readonly [number, number, number, number], zoom: number, filters: MapFilters): string {
  return map.mapMissions.url({ query: { bbox: bboxParam(bbox), zoom: Math.floor(zoom) }, search: mapFiltersQuery(filters) });
}

/** The filter list with `value` switched on or off, kept in vocabulary order. */
export function toggleValue(selected: readonly string[], value: string, vocabulary: readonly string[]): string[] {
  const next = new Set(selected);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return vocabulary.filter((v) => next.has(v));
}
