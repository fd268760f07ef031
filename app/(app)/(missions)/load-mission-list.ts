import 'server-only';
import { notFound } from 'next/navigation';
import { isInternal } from '@/lib/server/auth/actor';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { listCompanies } from '@/lib/server/companies/list-companies';
import { listCustomers } from '@/lib/server/customers/list-customers';
import type { Logger } from '@/lib/server/domain/context';
import { pageContext } from '@/lib/server/domain/contexts';
import { listMissions } from '@/lib/server/missions/list-missions';
import { listTablePresets } from '@/lib/server/table-presets/list-table-presets';
import { listTags } from '@/lib/server/tags/list-tags';
import { listUsers } from '@/lib/server/users/list-users';
import type { MenuFlag } from '@/lib/shared/permissions';
import { MISSION_PRIORITIES, MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { MISSION_SORTS, type MissionListFilters, type MissionPage } from '@/lib/shared/schemas/mission-view';
import { MISSION_TABLE_COLUMNS, type TablePresetDto } from '@/lib/shared/schemas/table-preset';
import { listQueryString, PAGE_SIZE, type SearchParams } from '@/components/missions/list/list-query';
import type { FilterOptions, FilterVisibility, ListVocabulary } from '@/components/missions/list/mission-filters-bar';
import { parseListFilters } from '@/components/missions/list/parse-list-filters';

export interface LoadedMissionList {
  filters: MissionListFilters;
  /** The query string of `GET /api/v2/missions` for this list (filters, fixed filters, sort). */
  listQuery: string;
  /** Null when the first page failed to load (the view shows spec §8 'failed to load missions'). */
  initialPage: MissionPage | null;
  options: FilterOptions;
  visible: FilterVisibility;
  vocab: ListVocabulary;
  tagNames: Record<number, string>;
  userNames: Record<string, string>;
  presets: TablePresetDto[] | null;
  canExport: boolean;
}

interface Load {
  /** The permission flag that opens this list (spec §6); without it the page is not found. */
  flag: MenuFlag;
  searchParams: SearchParams;
  /** Filters the page itself sets (`/assigned`: assigned to me), not the user. */
  fixed?: Partial<MissionListFilters>;
  withPresets?: boolean;
}

const VOCABULARY: ListVocabulary = { statuses: MISSION_STATUSES, steps: PROJECT_STEPS, priorities: MISSION_PRIORITIES, sorts: MISSION_SORTS, tableColumns: MISSION_TABLE_COLUMNS };

/** A picker's list, or nothing when it fails: a list without a filter choice still works. */
async function orEmpty<T>(log: Logger, load: Promise<T[]>): Promise<T[]> {
  try {
    return await load;
  } catch (err) {
    log.error('picker failed', err);
    return [];
  }
}

/**
 * Everything a mission list page renders on the server: the first page through the list verb
 * (called directly, not over HTTP) with the URL's filters, and the filter choices the user may use.
 */
export async function loadMissionList({ flag, searchParams, fixed = {}, withPresets = false }: Load): Promise<LoadedMissionList> {
  const { actor } = await requireUser();
  const permissions = await permissionsOf(actor);
  if (!permissions.UI.menu[flag]) notFound();
  const ctx = pageContext(actor, 'mission-list');
  const internal = isInternal(actor);
  const visible: FilterVisibility = {
    company: permissions.allow.chooseCompany,
    customer: internal || actor.roles.includes('customer'),
    assignee: internal,
    // Those who may hide missions may bring hidden ones back into their list.
    includeHidden: internal || actor.roles.includes('customer'),
  };
  const parsed = parseListFilters(searchParams);
  const filters: MissionListFilters = { ...parsed, ...(visible.includeHidden ? {} : { includeHidden: false }), ...fixed };
  const listQuery = listQueryString(filters);

  const [initialPage, companies, customers, users, tags, presets] = await Promise.all([
    listMissions(ctx, { ...filters, limit: PAGE_SIZE }).catch((err: unknown) => {
      ctx.log.error('first page failed', err);
      return null;
    }),
    visible.company ? orEmpty(ctx.log, listCompanies(ctx, { limit: 500 })) : [],
    visible.customer ? orEmpty(ctx.log, listCustomers(ctx, { limit: 500 })) : [],
    internal ? orEmpty(ctx.log, listUsers(ctx, { limit: 500 })) : [],
    orEmpty(ctx.log, listTags(ctx, { limit: 500 })),
    withPresets ? listTablePresets(ctx).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    filters,
    listQuery,
    initialPage,
    options: {
      companies: companies.map((c) => ({ value: String(c.id), label: c.name })),
      customers: customers.map((c) => ({ value: String(c.id), label: `${c.name} (${c.customerNumber})` })),
      users: users.map((u) => ({ value: u.identityId, label: u.displayName })),
      tags: tags.map((t) => ({ value: String(t.id), label: t.name })),
    },
    visible,
    vocab: VOCABULARY,
    tagNames: Object.fromEntries(tags.map((t) => [t.id, t.name])),
    userNames: Object.fromEntries(users.map((u) => [u.identityId, u.displayName])),
    presets,
    canExport: permissions.allow.exportData,
  };
}
