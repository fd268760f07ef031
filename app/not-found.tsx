import { NotFoundView } from '@/components/platform/not-found-view';
import { AppChrome } from '@/app/app-chrome';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('notFound');

/**
 * spec §2 "/not-found and any unmatched path": the page-not-found view in the shell. Unmatched
 * paths (and /not-found, which has no page of its own) reach this through Next's own not-found
 * route, which is rendered on the server; so do addresses the middleware can tell apart alone
 * (middleware.ts). A page that finds its mission unknown renders the view itself
 * (app/access-views.tsx), as Next would leave a thrown `notFound()` to the browser.
 */
export default function NotFound() {
  return (
    <AppChrome>
      <NotFoundView />
    </AppChrome>
  );
}
