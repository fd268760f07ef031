import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TourViewerEntry } from '@/components/tours/viewer/tour-viewer-entry';
import { parseTourView } from '@/components/tours/viewer/tour-view-state';
import { db } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/errors';
import { publicTour } from '@/lib/server/tours/tour-files';
import { PUBLIC_VIEWS, withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

async function load(token: string) {
  try {
    return await publicTour({ db: db() }, token);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

/** A published tour is read-only and never indexed by search engines. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations();
  const tour = await load((await params).token);
  const title = tour ? t('views.tour', { name: tour.name }) : t('views.notFound');
  return { title: `${t('app.name')} | ${title}`, robots: { index: false, follow: false } };
}

/** /tours/{token}: the public, read-only tour behind an unguessable link (404 once unpublished). */
async function PublicTourPage({ params, searchParams }: Props) {
  const { token } = await params;
  const tour = await load(token);
  if (!tour) notFound();
  return <TourViewerEntry name={tour.name} manifest={tour.manifest} filesBase={`/api/v2/public-tours/${token}/panoramas`} initial={parseTourView(await searchParams)} />;
}

export default withAccessViews(PublicTourPage, PUBLIC_VIEWS);
