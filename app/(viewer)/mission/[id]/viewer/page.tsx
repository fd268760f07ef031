import { forbidden, notFound } from 'next/navigation';
import { ViewerPage } from '@/components/viewer/viewer-page';
import { requireUser } from '@/lib/server/auth/require-user';
import { getMissionPointcloud } from '@/lib/server/datasets/mission-pointcloud';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { EDIT_MEASUREMENTS } from '@/lib/server/measurements/measurement-access';
import { loadMission, parseMissionId } from '@/lib/server/missions/mission-page';
import { parseViewerLink } from '@/lib/shared/viewer/deep-link';
import { withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) return viewMetadata('notFound');
  const { kind } = await loadMission(id);
  if (kind !== 'ok') return viewMetadata(kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('viewer', { id });
}

/**
 * spec §2 /mission/{id}/viewer: the mission's online point cloud in 3D, for everyone who sees the
 * mission; `?camera=…&item=…` opens an exact view (deep link). The page itself is small; the 3D engine is loaded in the browser after it painted.
 */
async function MissionViewerPage({ params, searchParams }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) notFound();
  const load = await loadMission(id);
  if (load.kind === 'notFound') notFound();
  if (load.kind === 'notAuthorized') forbidden();
  const user = await requireUser();
  const pointcloud = await getMissionPointcloud(load.ctx, { missionId: id });
  return (
    <ViewerPage
      missionId={id}
      missionName={load.mission.name}
      userId={user.actor.identityId}
      canEdit={load.capabilities.includes(EDIT_MEASUREMENTS)}
      initialPointcloud={pointcloud}
      link={parseViewerLink(await searchParams)}
    />
  );
}

export default withAccessViews(MissionViewerPage);
