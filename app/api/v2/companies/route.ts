import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createCompany } from '@/lib/server/companies/create-company';
import { listCompanies } from '@/lib/server/companies/list-companies';
import * as center from '@/lib/shared/api/endpoints/admin-companies';
import * as api from '@/lib/shared/api/endpoints/pickers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listCompanies, async ({ query }, ctx) => ({ items: await listCompanies(requestContext(ctx), query) }));
export const POST = handle(center.createCompany, { authorize: permitted('UI.menu.companyCenter'), run: ({ body }, ctx) => createCompany(requestContext(ctx), body) });
