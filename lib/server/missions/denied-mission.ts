import 'server-only';
import { headers } from 'next/headers';
import { URL_HEADER } from '@/lib/shared/auth/route-guard';
import { parseMissionId } from './mission-page';

/**
 * The mission the current page names — `/mission/{id}`, `/mission/{id}/print`, `/mission/{id}/viewer`, `/mission/{id}/panelizer` or
 * `/planner?mission={id}` — read from the URL the route guard forwards (route-guard.ts URL_HEADER).
 * forbidden.tsx renders apart from the page that called `forbidden()` and gets no params, so this
 * is how it says spec §8's 'not authorized to access mission id' with the id.
 */
export async function missionIdOfPage(): Promise<number | null> {
  const url = (await headers()).get(URL_HEADER);
  if (!url) return null;
  const { pathname, searchParams } = new URL(url);
  const path = /^\/mission\/([^/]+)(?:\/print|\/viewer|\/panelizer)?\/?$/.exec(pathname);
  const raw = path ? path[1]! : pathname === '/planner' ? searchParams.get('mission') : null;
  return raw === null ? null : parseMissionId(raw);
}
