import 'server-only';
import { notFound } from 'next/navigation';
import type { CompanyListQuery } from '@/components/admin/companies/company-center-view';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { listCompaniesPage } from '@/lib/server/companies/list-companies-page';
import { pageContext } from '@/lib/server/domain/contexts';
import { CENTER_PAGE_SIZE, companyPageQuery, type CompanyPage } from '@/lib/shared/schemas/company';

export type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The address's search, sort and page; anything unreadable falls back to its default. */
export function parseCompanyQuery(searchParams: SearchParams): CompanyListQuery {
  const { shape } = companyPageQuery;
  const q = shape.q.safeParse(first(searchParams.q));
  const sort = shape.sort.safeParse(first(searchParams.sort));
  const order = shape.order.safeParse(first(searchParams.order));
  const page = shape.page.safeParse(first(searchParams.page));
  return {
    q: (q.success && q.data) || '',
    sort: sort.success ? sort.data : 'name',
    order: order.success ? order.data : 'asc',
    page: page.success ? page.data : 1,
  };
}

/**
 * The company center's data: the screen needs UI.menu.companyCenter (spec §6; without it the
 * page is not found), then the first page through the verb, which checks the flag again.
 * A failing load renders spec §8's 'failed to load companies' with a retry.
 */
export async function loadCompanyCenter(searchParams: SearchParams): Promise<{ query: CompanyListQuery; page: CompanyPage | null }> {
  const { actor } = await requireUser();
  if (!(await permissionsOf(actor)).UI.menu.companyCenter) notFound();
  const query = parseCompanyQuery(searchParams);
  const ctx = pageContext(actor, 'company-center');
  const page = await listCompaniesPage(ctx, { ...query, pageSize: CENTER_PAGE_SIZE }).catch((err: unknown) => {
    ctx.log.error('list failed', err);
    return null;
  });
  return { query, page };
}
