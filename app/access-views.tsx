import 'server-only';
import type { ReactNode } from 'react';
import { getAccessFallbackHTTPStatus, isHTTPAccessFallbackError } from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import { ForbiddenView } from '@/components/platform/forbidden-view';
import { NotFoundView } from '@/components/platform/not-found-view';
import { missionIdOfPage } from '@/lib/server/missions/denied-mission';
import { answerStatus } from '@/lib/server/pages/page-status';

/** The views a page shows instead of throwing, by HTTP status. */
export interface AccessViews {
  404: () => ReactNode | Promise<ReactNode>;
  403: () => ReactNode | Promise<ReactNode>;
}

/** The shell's not-found.tsx and forbidden.tsx views, which every layout of the app also uses. */
export const SHELL_VIEWS: AccessViews = {
  404: () => <NotFoundView />,
  403: async () => <ForbiddenView missionId={await missionIdOfPage()} />,
};

/**
 * A page whose `notFound()` / `forbidden()` (thrown by it or by what it awaits) answers 404 / 403
 * with the view in the server's HTML. Next 15.5 renders a page's thrown not-found or forbidden as
 * an empty document and leaves the view to the browser (vercel/next.js#62228): no heading until
 * the scripts and stylesheets have loaded, none at all if one of them fails. Here the page renders
 * the view itself and the app's server sets the status. Without our server (`next start` alone)
 * the error goes on to Next, as before.
 */
export function withAccessViews<P>(page: (props: P) => Promise<ReactNode>, views: AccessViews = SHELL_VIEWS): (props: P) => Promise<ReactNode> {
  return async function PageWithAccessViews(props: P) {
    try {
      return await page(props);
    } catch (err) {
      if (!isHTTPAccessFallbackError(err)) throw err;
      const status = getAccessFallbackHTTPStatus(err);
      if ((status !== 404 && status !== 403) || !answerStatus(status)) throw err;
      return views[status]();
    }
  };
}

/** Pages anyone may open (a published tour, a confirmation link): no mission to name, no shell. */
export const PUBLIC_VIEWS: AccessViews = {
  404: () => <NotFoundView />,
  403: () => <ForbiddenView missionId={null} />,
};
