import { loadPlanner, type SearchParams } from './load-planner';
import { PlannerView } from '@/components/planner/planner-view';
import { env } from '@/lib/server/env';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('planner');

/** spec §2 /planner: a new mission, or `?mission={id}` to edit an existing mission's plan. */
async function PlannerPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { config, initialView, mission } = await loadPlanner(await searchParams);
  return <PlannerView config={config} initialView={initialView} mission={mission} geocoder={!!env().GEOCODER_URL} />;
}

export default withAccessViews(PlannerPage);
