import type { DatasetStatus, DatasetType } from '@/lib/shared/schemas/dataset';

/*
 * The pipeline's filters, kept in the URL (`/pipeline?status=error,processing&type=indoor&mission=12&active=false`)
 * so a filtered pipeline is a shareable link. Zod-free: the client imports it; unknown values are
 * dropped against the vocabulary the server passes.
 */

export interface PipelineFilters {
  status: DatasetStatus[];
  type: DatasetType | null;
  missionId: number | null;
  /** Only datasets being worked on, stalled or failed: the default. Statuses chosen win over it. */
  activeOnly: boolean;
}

export interface PipelineVocabulary {
  statuses: readonly DatasetStatus[];
  types: readonly DatasetType[];
}

export type SearchParams = Record<string, string | string[] | undefined>;

export const DEFAULT_FILTERS: PipelineFilters = { status: [], type: null, missionId: null, activeOnly: true };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parsePipelineFilters(params: SearchParams, vocab: PipelineVocabulary): PipelineFilters {
  const given = new Set([params.status ?? []].flat().flatMap((v) => v.split(',')).map((v) => v.trim()));
  const type = first(params.type);
  const mission = Number(first(params.mission));
  return {
    status: vocab.statuses.filter((s) => given.has(s)),
    type: vocab.types.find((x) => x === type) ?? null,
    missionId: Number.isSafeInteger(mission) && mission > 0 ? mission : null,
    activeOnly: first(params.active) !== 'false',
  };
}

/** The page's own query string (no `?`), defaults left out. */
export function pipelineFiltersQuery(f: PipelineFilters): string {
  const params = new URLSearchParams();
  if (f.status.length) params.set('status', f.status.join(','));
  if (f.type) params.set('type', f.type);
  if (f.missionId) params.set('mission', String(f.missionId));
  if (!f.activeOnly) params.set('active', 'false');
  return params.toString().replace(/%2C/gi, ',');
}

/** The query of GET /api/v2/datasets for these filters. */
export function pipelineApiQuery(f: PipelineFilters) {
  return {
    status: f.status.length ? f.status : undefined,
    type: f.type ? [f.type] : undefined,
    missionId: f.missionId ?? undefined,
    // The API ignores `active` when statuses are given; sent only when it decides something.
    active: f.status.length ? undefined : f.activeOnly ? ('true' as const) : ('false' as const),
    limit: 200,
  };
}
