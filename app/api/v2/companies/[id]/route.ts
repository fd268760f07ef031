import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteCompany } from '@/lib/server/companies/delete-company';
import { getCompany } from '@/lib/server/companies/get-company';
import { updateCompany } from '@/lib/server/companies/update-company';
import * as api from '@/lib/shared/api/endpoints/admin-companies';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getCompany, ({ params }, ctx) => getCompany(requestContext(ctx), params));
export const PUT = handle(api.updateCompany, { authorize: permitted('UI.menu.companyCenter'), run: ({ params, body }, ctx) => updateCompany(requestContext(ctx), { ...body, id: params.id }) });
export const DELETE = handle(api.deleteCompany, { authorize: permitted('UI.menu.companyCenter'), run: async ({ params }, ctx) => {
  await deleteCompany(requestContext(ctx), params);
  return null;
} });
