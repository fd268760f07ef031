import { getTranslations } from 'next-intl/server';
import { loadMissionList } from '../load-mission-list';
import { MissionListView } from '@/components/missions/list/mission-list-view';
import { COLUMNS_PARAM, type SearchParams } from '@/components/missions/list/list-query';
import { parseColumns } from '@/components/missions/list/table-columns';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('missionListBeta');

/** spec §2 /mission-list-beta, the internal users' missions table: columns of their choice, saved as table presets. */
async function MissionTablePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const loaded = await loadMissionList({ flag: 'missionListBeta', searchParams: params as SearchParams, withPresets: true });
  const t = await getTranslations('views');
  return <MissionListView variant="table" title={t('missionListBeta')} columns={parseColumns(params[COLUMNS_PARAM])} {...loaded} />;
}

export default withAccessViews(MissionTablePage);
