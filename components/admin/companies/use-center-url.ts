'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useTransition } from 'react';

export type CenterParams = Record<string, string | number | undefined | null>;

/**
 * The centers keep search, filter, sort and page in the address (a reload or a shared link shows
 * the same rows); changing them is a navigation the server page answers with the new rows.
 * Values equal to `defaults` stay out of the address.
 */
export function useCenterUrl(defaults: CenterParams) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const apply = useCallback(
    (params: CenterParams) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        if (value === undefined || value === null || value === '' || String(value) === String(defaults[key] ?? '')) continue;
        search.set(key, String(value));
      }
      const query = search.toString();
      startTransition(() => router.push(query ? `${pathname}?${query}` : pathname));
    },
    [router, pathname, defaults],
  );
  const refresh = useCallback(() => startTransition(() => router.refresh()), [router]);
  return { apply, refresh, pending };
}
