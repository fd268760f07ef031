import { getTranslations } from 'next-intl/server';
import { MISSION_LIST_COLUMNS } from '@/components/missions/list/columns';
import { loadMissionList } from '../load-mission-list';
import { MissionListView } from '@/components/missions/list/mission-list-view';
import type { SearchParams } from '@/components/missions/list/list-query';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import type { MissionListFilters } from '@/lib/shared/schemas/mission-view';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('assigned');

const ASSIGNED_TO_ME: Partial<MissionListFilters> = { assignedTo: 'me' };

/** spec §2 /assigned: the missions assigned to the signed-in user. */
async function AssignedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const loaded = await loadMissionList({ flag: 'assignedToMe', searchParams: (await searchParams) as SearchParams, fixed: ASSIGNED_TO_ME });
  const t = await getTranslations('views');
  return <MissionListView variant="assigned" title={t('assigned')} columns={MISSION_LIST_COLUMNS} fixed={ASSIGNED_TO_ME} {...loaded} />;
}

export default withAccessViews(AssignedPage);
