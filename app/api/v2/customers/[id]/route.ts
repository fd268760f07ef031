import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteCustomer } from '@/lib/server/customers/delete-customer';
import { getCustomer } from '@/lib/server/customers/get-customer';
import { updateCustomer } from '@/lib/server/customers/update-customer';
import * as api from '@/lib/shared/api/endpoints/admin-customers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getCustomer, ({ params }, ctx) => getCustomer(requestContext(ctx), params));
export const PUT = handle(api.updateCustomer, { authorize: permitted('UI.menu.customerCenter', 'write.customer'), run: ({ params, body }, ctx) => updateCustomer(requestContext(ctx), { ...body, id: params.id }) });
export const DELETE = handle(api.deleteCustomer, { authorize: permitted('UI.menu.customerCenter', 'write.customer'), run: async ({ params }, ctx) => {
  await deleteCustomer(requestContext(ctx), params);
  return null;
} });
