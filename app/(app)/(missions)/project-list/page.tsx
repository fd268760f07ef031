import { getTranslations } from 'next-intl/server';
import { PROJECT_LIST_COLUMNS } from '@/components/missions/list/columns';
import { loadMissionList } from '../load-mission-list';
import { MissionListView } from '@/components/missions/list/mission-list-view';
import type { SearchParams } from '@/components/missions/list/list-query';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('projectList');

/**
 * spec §2 /project-list: the columns ID, Name, Priority, Assignee, Created, Scan Appointment, Step
 * and "Export All" of the current filter. It has no menu flag of its own; it opens for everyone
 * with the mission list, and the export needs allow.exportData.
 */
async function ProjectListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const loaded = await loadMissionList({ flag: 'missionList', searchParams: (await searchParams) as SearchParams });
  const t = await getTranslations('views');
  return <MissionListView variant="project" title={t('projectList')} columns={PROJECT_LIST_COLUMNS} {...loaded} />;
}

export default withAccessViews(ProjectListPage);
