import { NotFoundView } from '@/components/platform/not-found-view';
import { AppChrome } from '@/app/app-chrome';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('notFound');

/**
 * spec §2 "/not-found and any unmatched path": the page-not-found view in the shell. Unmatched
 * paths (and /not-found, which has no page of its own) reach this through Next's own not-found
 * route, which is rendered on the server. A `notFound()` thrown by a page is not (Next renders an
 * empty document and leaves the view to the browser: vercel/next.js#62228), so routes that
 * can be told apart by their address alone are sent here by the middleware (middleware.ts).
 */
export default function NotFound() {
  return (
    <AppChrome>
      <NotFoundView />
    </AppChrome>
  );
}
