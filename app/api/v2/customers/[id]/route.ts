import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { deleteCustomer } from '@/lib/server/customers/delete-customer';
import { getCustomer } from '@/lib/server/customers/get-customer';
import { updateCustomer } from '@/lib/server/customers/update-customer';
import * as api from '@/lib/shared/api/endpoints/admin-customers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getCustomer, ({ params }, ctx) => getCustomer(domainContext(ctx), params));
export const PUT = handle(api.updateCustomer, { authorize: permitted('UI.menu.customerCenter', 'write.customer'), run: ({ params, body }, ctx) => updateCustomer(domainContext(ctx), { ...body, id: params.id }) });
export const DELETE = handle(api.deleteCustomer, { authorize: permitted('UI.menu.customerCenter', 'write.customer'), run: async ({ params }, ctx) => {
  await deleteCustomer(domainContext(ctx), params);
  return null;
} });
