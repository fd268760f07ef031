import { forbidden, notFound } from 'next/navigation';
import { kindsOf } from '@/components/missions/detail/field-kinds';
import { MissionDetailView } from '@/components/missions/detail/mission-detail-view';
import { DATASET_TYPES } from '@/lib/shared/schemas/dataset';
import { loadMission, loadMissionRecords, parseMissionId } from '@/lib/server/missions/mission-page';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) return viewMetadata('notFound');
  const { kind } = await loadMission(id);
  if (kind !== 'ok') return viewMetadata(kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('mission', { id });
}

/**
 * spec §2 mission detail, /mission/{id} with a numeric id. `from` is the query string of the list
 * the user came from, so previous/next walk that list.
 */
async function MissionPage({ params, searchParams }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) notFound();
  const load = await loadMission(id);
  if (load.kind === 'notFound') notFound();
  if (load.kind === 'notAuthorized') forbidden();
  const { from } = await searchParams;
  const list = typeof from === 'string' ? from : null;
  const [records, permissions] = await Promise.all([loadMissionRecords(load, list), requireUser().then(({ actor }) => permissionsOf(actor))]);
  // The view is a client component: only data crosses (not the domain context), and what needs the
  // schemas is worked out here.
  const { mission, capabilities, editable } = load;
  return (
    <MissionDetailView
      load={{ mission, capabilities, editable }}
      kinds={kindsOf(editable)}
      datasetTypes={DATASET_TYPES}
      records={records}
      from={list}
      mayPlan={permissions.UI.menu.planner}
    />
  );
}

export default withAccessViews(MissionPage);
