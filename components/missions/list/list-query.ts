import type { MissionListFilters } from '@/lib/shared/schemas/mission-view';

/*
 * The mission lists keep their filters and sort in the URL, with the same names and values as
 * `GET /api/v2/missions` (status, step, priority, companyId, customerId, assigneeId, tagId, q,
 * includeHidden, sort, order). So a list's address is a shareable deep link, the "load more"
 * request is the page's own query plus a cursor, and the detail page gets the list order as
 * `?from=<the list's query string>` for its next/previous buttons.
 *
 * Client code imports this file, so it stays free of zod (the schemas would add ~50 kB to the
 * lists' first load); parsing lives in parse-list-filters.ts on the server.
 */

export type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** Rows per page, server-rendered and per "load more". */
export const PAGE_SIZE = 50;

/** URL parameter of the missions table's chosen columns (`columns=id,name,step`), so a link shows the same table. */
export const COLUMNS_PARAM = 'columns';

/** Param name of the list order on the detail page (agreed with the detail page). */
export const FROM_PARAM = 'from';

export const LIST_KEYS = ['q', 'status', 'step', 'priority', 'companyId', 'customerId', 'assigneeId', 'tagId', 'assignedTo', 'includeHidden', 'closed', 'sort', 'order'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

const DEFAULTS: Partial<Record<ListKey, string>> = { sort: 'created', order: 'desc', includeHidden: 'false' };

/**
 * The canonical query string of a list (no leading `?`): fixed key order, lists comma-separated,
 * defaults left out, so equal filters give equal links.
 */
export function listQueryString(filters: Partial<MissionListFilters>): string {
  const params = new URLSearchParams();
  for (const key of LIST_KEYS) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '' || DEFAULTS[key] === text) continue;
    params.set(key, text);
  }
  // Commas are legal in a query string; keeping them readable makes shared links readable.
  return params.toString().replace(/%2C/gi, ',');
}

/** The detail page of a row, carrying the list order for its next/previous buttons. */
export function missionHref(id: number, listQuery: string): string {
  return listQuery ? `/mission/${id}?${FROM_PARAM}=${encodeURIComponent(listQuery)}` : `/mission/${id}`;
}

/** Whether any filter narrows the list (sort and order do not). */
export function hasFilters(filters: MissionListFilters): boolean {
  return LIST_KEYS.some((key) => {
    if (key === 'sort' || key === 'order' || key === 'assignedTo') return false;
    const value = filters[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false && value !== '';
  });
}
