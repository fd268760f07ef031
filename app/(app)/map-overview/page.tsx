import { notFound } from 'next/navigation';
import { env } from '@/lib/server/env';
import { mapStyleUrl } from '@/lib/server/map/map-style';
import { parseMapFilters, type SearchParams } from '@/components/map-overview/map-query';
import { MapOverviewView } from '@/components/map-overview/map-overview-view';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { withAccessViews } from '@/app/access-views';

/** Without the flag the page is not found, and so is its title. */
export async function generateMetadata() {
  const { actor } = await requireUser();
  return viewMetadata((await permissionsOf(actor)).UI.menu.mapOverview ? 'mapOverview' : 'notFound');
}

/**
 * spec §2 /map-overview, §6: only with the mapOverview flag (internal users and customers 6, 14,
 * 20, 30, 36, 37); everyone else gets the not-found page, and the API refuses them too.
 */
async function MapOverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireUser();
  if (!(await permissionsOf(actor)).UI.menu.mapOverview) notFound();
  // The vocabulary comes from the server: client code must not import the zod schema modules.
  const vocab = { statuses: [...MISSION_STATUSES], steps: [...PROJECT_STEPS] };
  return <MapOverviewView vocab={vocab} initialFilters={parseMapFilters((await searchParams) as SearchParams, vocab)} styleUrl={mapStyleUrl()} geocoder={!!env().GEOCODER_URL} />;
}

export default withAccessViews(MapOverviewPage);
