import { getTranslations } from 'next-intl/server';
import { MISSION_LIST_COLUMNS } from '@/components/missions/list/columns';
import { loadMissionList } from '../load-mission-list';
import { MissionListView } from '@/components/missions/list/mission-list-view';
import type { SearchParams } from '@/components/missions/list/list-query';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('missionList');

/** spec §2 /mission-list: every user with the missionList flag, filtered and sorted by the URL. */
async function MissionListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const loaded = await loadMissionList({ flag: 'missionList', searchParams: (await searchParams) as SearchParams });
  const t = await getTranslations('views');
  return <MissionListView variant="list" title={t('missionList')} columns={MISSION_LIST_COLUMNS} {...loaded} />;
}

export default withAccessViews(MissionListPage);
