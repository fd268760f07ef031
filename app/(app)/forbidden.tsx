import { ForbiddenView } from '@/components/platform/forbidden-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { missionIdOfPage } from '@/lib/server/missions/denied-mission';

export const generateMetadata = () => viewMetadata('forbidden');

/** Pages that call `forbidden()` answer 403 with this view (next.config.mjs experimental.authInterrupts). */
export default async function Forbidden() {
  return <ForbiddenView missionId={await missionIdOfPage()} />;
}
