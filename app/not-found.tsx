import { NotFoundView } from '@/components/platform/not-found-view';
import { AppChrome } from '@/app/app-chrome';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { onShellPage } from '@/lib/server/pages/shell-page';

export const generateMetadata = () => viewMetadata('notFound');

/**
 * spec §2 "/not-found and any unmatched path": the page-not-found view in the shell. Unmatched
 * paths (and /not-found, which has no page of its own) reach this through Next's own not-found
 * route, which is rendered on the server; so do addresses the route guard can tell apart alone
 * (lib/server/guard/). A page that finds its mission unknown renders the view itself
 * (app/access-views.tsx), as Next would leave a thrown `notFound()` to the browser.
 *
 * Next also renders this boundary into the payload of every page, shown or not. On a page of the
 * shell app/(app)/not-found.tsx is the nearer boundary and this one cannot show, so it leaves out
 * the second copy of the shell there (docs/performance.md: the user's menu twice per page).
 */
export default async function NotFound() {
  if (await onShellPage()) return <NotFoundView />;
  return (
    <AppChrome>
      <NotFoundView />
    </AppChrome>
  );
}
