'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useTransition } from 'react';
import type { MissionListFilters } from '@/lib/shared/schemas/mission-view';
import { LIST_KEYS, listQueryString } from './list-query';

/** `?` + the query with the list's params replaced by `listQuery`; other params (the table's columns) stay. */
export function replaceListParams(current: URLSearchParams, listQuery: string): string {
  const rest = new URLSearchParams(current);
  for (const key of LIST_KEYS) rest.delete(key);
  const query = [listQuery, rest.toString().replace(/%2C/gi, ',')].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}

/**
 * Puts new filters into the URL. The server renders the list's first page for the new URL, so
 * the address is always the list on screen (a shareable deep link) and back/forward just work.
 */
export function useListUrl() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const apply = useCallback(
    (filters: Partial<MissionListFilters>) => {
      const href = `${pathname}${replaceListParams(new URLSearchParams(searchParams.toString()), listQueryString(filters))}`;
      startTransition(() => router.replace(href, { scroll: false }));
    },
    [pathname, router, searchParams],
  );
  return { apply, pending };
}
