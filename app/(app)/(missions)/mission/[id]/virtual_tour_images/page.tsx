import { forbidden, notFound } from 'next/navigation';
import { TourImagesView } from '@/components/tours/images/tour-images-view';
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
  if (loaded.kind !== 'ok') return viewMetadata(loaded.kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('tourImages', { id });
}

/** spec §2 /mission/{id}/virtual_tour_images: the mission's tour image previews. */
async function TourImagesPage({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) notFound();
  const loaded = await loadTourImages(id);
  if (loaded.kind === 'notFound') notFound();
  if (loaded.kind === 'notAuthorized') forbidden();
  const t = await getTranslations('views');
  // The page's name as its heading, as the title says it (axe: every page has one h1).
  return (
    <>
      <h1>{t('tourImages', { id })}</h1>
      <TourImagesView missionId={id} initial={loaded.images} />
    </>
  );
}

export default withAccessViews(TourImagesPage);
