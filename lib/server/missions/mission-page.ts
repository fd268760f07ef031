import 'server-only';
import { inArray } from 'drizzle-orm';
import { cache } from 'react';
import { listMissionAudit } from '@/lib/server/audit/list-mission-audit';
import { requireUser } from '@/lib/server/auth/require-user';
import { listMissionDatasets } from '@/lib/server/datasets/list-datasets';
import { getMissionPointcloud } from '@/lib/server/datasets/mission-pointcloud';
import { tag } from '@/lib/server/db/schema';
import type { DomainContext } from '@/lib/server/domain/context';
import { pageContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import { missionDetail } from '@/lib/server/missions/get-mission';
import { getMissionNeighbours } from '@/lib/server/missions/get-mission-neighbours';
import { listMissionShares } from '@/lib/server/missions/list-mission-shares';
import { requireMission } from '@/lib/server/missions/visibility';
import { listMissionFiles } from '@/lib/server/missions-files/list-mission-files';
import { listRenderedSlices } from '@/lib/server/rendered-slices/list-rendered-slices';
import { auditQuery, type AuditPage } from '@/lib/shared/schemas/audit';
import { privacyRecord } from '../blurring/privacy-record';
import type { MissionPageData, MissionRecords } from '@/lib/shared/schemas/mission-page';
import { missionListFilters, type MissionNeighbours } from '@/lib/shared/schemas/mission-view';

/** spec §2: mission ids are numeric; anything else is the not-found page. */
export function parseMissionId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export type MissionLoad =
  | { kind: 'notFound' }
  | { kind: 'notAuthorized' }
  | ({ kind: 'ok'; ctx: DomainContext } & MissionPageData);

/**
 * The mission as the signed-in user may see it, with what they may do to it (mission-access.ts):
 * the same check and DTO as the get-mission verb, plus the capabilities and editable fields the
 * page needs to offer the right buttons. Cached per request (the title and the page share it).
 */
export const loadMission = cache(async (id: number): Promise<MissionLoad> => {
  const user = await requireUser();
  // One read of the mission for the page's several verbs (DomainContext.missionReads).
  const ctx = pageContext(user.actor, 'mission-page');
  try {
    const { row, access } = await requireMission(ctx, id, 'read');
    const mission = await missionDetail(ctx, row, access.capabilities.has('readAllFields'));
    return { kind: 'ok', ctx, mission, capabilities: [...access.capabilities], editable: [...access.editable] };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { kind: 'notFound' };
    if (err instanceof AppError && err.code === 'not_authorized') return { kind: 'notAuthorized' };
    throw err;
  }
});

/**
 * The filters and sort of the list the user came from: `from` is that list's query string (the
 * lists put it into their row links). Repeated keys become arrays as the list endpoint reads them.
 */
export function listFiltersFrom(from: string | null): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {};
  if (!from) return filters;
  for (const [key, value] of new URLSearchParams(from)) {
    if (key === 'cursor' || key === 'limit') continue;
    const previous = filters[key];
    filters[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return filters;
}

/**
 * Previous and next in the list order the user came from; the default order when `from` is missing
 * or unreadable. The page is where `from` enters, so it is parsed here, with the list's schema.
 */
async function neighboursOf(ctx: DomainContext, id: number, from: string | null): Promise<MissionNeighbours> {
  const filters = missionListFilters.safeParse(listFiltersFrom(from));
  return getMissionNeighbours(ctx, { ...(filters.success ? filters.data : missionListFilters.parse({})), id });
}

/** The names behind the tag ids of an audit page; tags are one shared vocabulary every user may read (list-tags.ts). */
async function tagNamesOf(ctx: DomainContext, audit: AuditPage | null): Promise<Record<number, string>> {
  const ids = [...new Set((audit?.items ?? []).flatMap((e) => ((e.action === 'tag' || e.action === 'untag') && typeof e.diff.tagId === 'number' ? [e.diff.tagId] : [])))];
  if (ids.length === 0) return {};
  const rows = await ctx.db.select({ id: tag.id, name: tag.name }).from(tag).where(inArray(tag.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

/** Everything else the detail page shows, loaded side by side (the pool serves each query). */
export async function loadMissionRecords(load: Extract<MissionLoad, { kind: 'ok' }>, from: string | null): Promise<MissionRecords> {
  const { ctx, mission, capabilities } = load;
  const [datasets, pointcloud, files, neighbours, shares, audit, privacy, slices] = await Promise.all([
    listMissionDatasets(ctx, { missionId: mission.id }),
    // The point cloud's state is a side panel: the page shows without it when it cannot be read.
    getMissionPointcloud(ctx, { missionId: mission.id }).catch((err: unknown) => {
      ctx.log.error('pointcloud state failed', err);
      return null;
    }),
    capabilities.includes('readAllFields') ? listMissionFiles(ctx, { missionId: mission.id }) : null,
    neighboursOf(ctx, mission.id, from),
    capabilities.includes('share') ? listMissionShares(ctx, { missionId: mission.id }) : null,
    capabilities.includes('readAudit') ? listMissionAudit(ctx, { ...auditQuery.parse({}), missionId: mission.id }) : null,
    capabilities.includes('readAudit') ? privacyRecord(ctx, { missionId: mission.id }) : null,
    listRenderedSlices(ctx, { missionId: mission.id }),
  ]);
  return { datasets, pointcloud, files, neighbours, shares, audit, privacy, slices, tagNames: await tagNamesOf(ctx, audit) };
}
