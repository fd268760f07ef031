import 'server-only';
import { headers } from 'next/headers';
import { NOT_FOUND, URL_HEADER } from '@/lib/shared/auth/route-guard';
import { isKnownRoute, layoutFor } from '@/lib/shared/routes';

/**
 * Whether this render is a known page of the shell, read from the URL the route guard forwards
 * (route-guard.ts URL_HEADER). Such a page sits below app/(app), whose own not-found and forbidden
 * views are the nearer boundaries: the root ones can never show on it. /not-found itself has no
 * page: the root not-found view is its content.
 */
export async function onShellPage(): Promise<boolean> {
  const url = (await headers()).get(URL_HEADER);
  if (!url || !URL.canParse(url)) return false;
  const { pathname } = new URL(url);
  return pathname !== NOT_FOUND && isKnownRoute(pathname) && layoutFor(pathname) === 'app';
}
