import { PipelineView } from '@/components/pipeline/pipeline-view';
import { ProcessorsPanel } from '@/components/pipeline/processors-panel';
import type { SearchParams } from '@/components/pipeline/pipeline-query';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { loadPipeline } from './load-pipeline';
import { withAccessViews } from '@/app/access-views';

/** Without the flag the page is not found, and so is its title. */
export async function generateMetadata() {
  const { actor } = await requireUser();
  return viewMetadata((await permissionsOf(actor)).UI.menu.pipeline ? 'pipeline' : 'notFound');
}

/** spec §2 /pipeline: every dataset across the user's missions, live. */
async function PipelinePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { filters, items, vocab, canCheck, canManageProcessors } = await loadPipeline(await searchParams);
  return (
    <>
      <PipelineView initialFilters={filters} initialItems={items} vocab={vocab} canCheck={canCheck} />
      {canManageProcessors && <ProcessorsPanel />}
    </>
  );
}

export default withAccessViews(PipelinePage);
