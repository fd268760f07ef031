import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { listCompaniesPage } from '@/lib/server/companies/list-companies-page';
import * as api from '@/lib/shared/api/endpoints/admin-companies';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listCompanyPage, ({ query }, ctx) => listCompaniesPage(domainContext(ctx), query));
