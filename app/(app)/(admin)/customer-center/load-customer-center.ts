import 'server-only';
import { notFound } from 'next/navigation';
import type { CustomerCenterViewProps, CustomerListQuery } from '@/components/admin/customers/customer-center-view';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { listCompanies } from '@/lib/server/companies/list-companies';
import { listCustomersPage } from '@/lib/server/customers/list-customers-page';
import { customerNameMinLength } from '@/lib/server/customers/name-min-length';
import { pageContext } from '@/lib/server/domain/contexts';
import { CENTER_PAGE_SIZE } from '@/lib/shared/schemas/company';
import { customerPageQuery } from '@/lib/shared/schemas/customer';

export type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The address's search, company filter, sort and page; anything unreadable falls back to its default. */
export function parseCustomerQuery(searchParams: SearchParams): CustomerListQuery {
  const { shape } = customerPageQuery;
  const q = shape.q.safeParse(first(searchParams.q));
  const companyId = shape.companyId.safeParse(first(searchParams.companyId));
  const sort = shape.sort.safeParse(first(searchParams.sort));
  const order = shape.order.safeParse(first(searchParams.order));
  const page = shape.page.safeParse(first(searchParams.page));
  return {
    q: (q.success && q.data) || '',
    companyId: (companyId.success && companyId.data) || null,
    sort: sort.success ? sort.data : 'name',
    order: order.success ? order.data : 'asc',
    page: page.success ? page.data : 1,
  };
}

/**
 * The customer center's data: the screen needs UI.menu.customerCenter (otherwise not found);
 * writes need write.customer as well. A failing list renders spec §8's 'failed to load customers'.
 */
export async function loadCustomerCenter(searchParams: SearchParams): Promise<CustomerCenterViewProps> {
  const { actor } = await requireUser();
  const permissions = await permissionsOf(actor);
  if (!permissions.UI.menu.customerCenter) notFound();
  const ctx = pageContext(actor, 'customer-center');
  const query = parseCustomerQuery(searchParams);
  const [page, companies] = await Promise.all([
    listCustomersPage(ctx, { ...query, companyId: query.companyId ?? undefined, pageSize: CENTER_PAGE_SIZE }).catch((err: unknown) => {
      ctx.log.error('list failed', err);
      return null;
    }),
    listCompanies(ctx, { limit: 500 }).catch((err: unknown) => {
      ctx.log.error('companies failed', err);
      return [];
    }),
  ]);
  return {
    query,
    page,
    companies: companies.map(({ id, name }) => ({ id, name })),
    nameMinLength: customerNameMinLength(),
    canWrite: permissions.write.customer,
  };
}
