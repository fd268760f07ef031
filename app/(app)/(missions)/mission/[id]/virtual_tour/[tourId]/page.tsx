import { forbidden, notFound } from 'next/navigation';
import { TourViewerEntry } from '@/components/tours/viewer/tour-viewer-entry';
import { parseTourView } from '@/components/tours/viewer/tour-view-state';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { loadTour } from '@/lib/server/tours/tour-page';
import { parseMissionId } from '@/lib/server/missions/mission-page';
import { withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ id: string; tourId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(params: Props['params']) {
  const { id, tourId } = await params;
  const missionId = parseMissionId(id);
  const tour = parseMissionId(tourId);
  if (missionId === null || tour === null) return { kind: 'notFound' as const };
  return loadTour(missionId, tour);
}

export async function generateMetadata({ params }: Props) {
  const loaded = await load(params);
  if (loaded.kind !== 'ok') return viewMetadata(loaded.kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('tour', { name: loaded.tour.name });
}

/** spec §2 /mission/{mission}/virtual_tour/{tourId}: the tour viewer, for everyone who sees the mission. */
async function TourPage({ params, searchParams }: Props) {
  const loaded = await load(params);
  if (loaded.kind === 'notFound') notFound();
  if (loaded.kind === 'notAuthorized') forbidden();
  return (
    <TourViewerEntry
      name={loaded.tour.name}
      manifest={loaded.manifest}
      filesBase={`/api/v2/tours/${loaded.tour.id}/panoramas`}
      initial={parseTourView(await searchParams)}
      backHref={`/mission/${loaded.tour.missionId}`}
      markers={loaded.markers}
      linkEditing={loaded.mayEdit ? { tourId: loaded.tour.id, version: loaded.tour.version } : undefined}
    />
  );
}

export default withAccessViews(TourPage);
