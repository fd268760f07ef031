import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listCompaniesPage } from '@/lib/server/companies/list-companies-page';
import * as api from '@/lib/shared/api/endpoints/admin-companies';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listCompanyPage, ({ query }, ctx) => listCompaniesPage(requestContext(ctx), query));
