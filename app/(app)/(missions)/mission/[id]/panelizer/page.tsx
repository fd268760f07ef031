import { forbidden, notFound } from 'next/navigation';
import { PanelizerExportView } from '@/components/panelizer/page/panelizer-export-view';
import { PanelizerProjectView } from '@/components/panelizer/page/panelizer-project-view';
import { ProjectPicker } from '@/components/panelizer/page/project-picker';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { parseMissionId } from '@/lib/server/missions/mission-page';
import { loadPanelizerPage } from '@/lib/server/panelizer/panelizer-page';
import { withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const id = parseMissionId((await params).id);
  return viewMetadata(id === null ? 'notFound' : 'panelizer', id === null ? undefined : { id });
}

/**
 * spec §2 /mission/{mission}/panelizer: `?project={id}` opens the editor, `?export={id}` an export
 * read-only; with neither the user picks one of the mission's projects or creates one.
 */
async function PanelizerPage({ params, searchParams }: Props) {
  const missionId = parseMissionId((await params).id);
  if (missionId === null) notFound();
  const load = await loadPanelizerPage(missionId, await searchParams);
  if (load.kind === 'notFound') notFound();
  if (load.kind === 'notAuthorized') forbidden();
  if (load.kind === 'project') return <PanelizerProjectView missionId={missionId} project={load.project} />;
  if (load.kind === 'export') return <PanelizerExportView missionId={missionId} exported={load.export} mayEdit={load.mayEdit} />;
  return <ProjectPicker missionId={missionId} initial={load.projects} />;
}

export default withAccessViews(PanelizerPage);
