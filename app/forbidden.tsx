import { ForbiddenView } from '@/components/platform/forbidden-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { missionIdOfPage } from '@/lib/server/missions/denied-mission';
import { onShellPage } from '@/lib/server/pages/shell-page';

export const generateMetadata = () => viewMetadata('forbidden');

/**
 * Pages that call `forbidden()` answer 403 with this view (next.config.mjs experimental.authInterrupts).
 * Rendered into every page's payload; on a page of the shell app/(app)/forbidden.tsx is the nearer
 * boundary, so this one does not work out the mission's message a second time there.
 */
export default async function Forbidden() {
  return <ForbiddenView missionId={(await onShellPage()) ? null : await missionIdOfPage()} />;
}
