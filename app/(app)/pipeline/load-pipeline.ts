import 'server-only';
import { notFound } from 'next/navigation';
import { parsePipelineFilters, pipelineApiQuery, type PipelineFilters, type PipelineVocabulary, type SearchParams } from '@/components/pipeline/pipeline-query';
import { isInternal } from '@/lib/server/auth/actor';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { listPipeline } from '@/lib/server/datasets/list-datasets';
import { pageContext } from '@/lib/server/domain/contexts';
import { DATASET_STATUSES, DATASET_TYPES, datasetListQuery, type PipelineItemDto } from '@/lib/shared/schemas/dataset';

export interface LoadedPipeline {
  filters: PipelineFilters;
  items: PipelineItemDto[] | null;
  vocab: PipelineVocabulary;
  canCheck: boolean;
  /** Admins issue and revoke processor tokens. */
  canManageProcessors: boolean;
}

/**
 * spec §2 /pipeline needs UI.menu.pipeline (spec §6; without it the page is not found, as the
 * other permission-gated screens answer), then the first read through the pipeline verb with the
 * URL's filters. A failing read is rendered as spec §8's load failure, not as an error page.
 */
export async function loadPipeline(searchParams: SearchParams): Promise<LoadedPipeline> {
  const { actor } = await requireUser();
  if (!(await permissionsOf(actor)).UI.menu.pipeline) notFound();
  const vocab: PipelineVocabulary = { statuses: [...DATASET_STATUSES], types: [...DATASET_TYPES] };
  const filters = parsePipelineFilters(searchParams, vocab);
  const ctx = pageContext(actor, 'pipeline');
  const items = await listPipeline(ctx, datasetListQuery.parse(pipelineApiQuery(filters))).catch((err: unknown) => {
    ctx.log.error('pipeline read failed', err);
    return null;
  });
  return { filters, items, vocab, canCheck: isInternal(actor), canManageProcessors: actor.kind === 'user' && actor.roles.includes('admin') };
}
