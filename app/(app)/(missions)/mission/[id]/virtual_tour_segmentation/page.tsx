import { forbidden, notFound } from 'next/navigation';
import { SegmentationView } from '@/components/tours/segmentation/segmentation-view';
import { getTranslations } from 'next-intl/server';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { parseMissionId } from '@/lib/server/missions/mission-page';
import { loadTourImages } from '@/lib/server/tours/tour-images-page';
import { withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) return viewMetadata('notFound');
  const loaded = await loadTourImages(id);
  if (loaded.kind !== 'ok' || !loaded.images.mayEdit) return viewMetadata(loaded.kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('tourSegmentation', { id });
}

/** spec §2 /mission/{mission}/virtual_tour_segmentation: floors and places of the tour images, for who may edit the mission. */
async function TourSegmentationPage({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) notFound();
  const loaded = await loadTourImages(id);
  if (loaded.kind === 'notFound') notFound();
  if (loaded.kind === 'notAuthorized' || !loaded.images.mayEdit) forbidden();
  const t = await getTranslations('views');
  // The page's name as its heading, as the title says it (axe: every page has one h1).
  return (
    <>
      <h1>{t('tourSegmentation', { id })}</h1>
      <SegmentationView missionId={id} initial={loaded.images} />
    </>
  );
}

export default withAccessViews(TourSegmentationPage);
