import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createCustomer } from '@/lib/server/customers/create-customer';
import { listCustomers } from '@/lib/server/customers/list-customers';
import * as center from '@/lib/shared/api/endpoints/admin-customers';
import * as api from '@/lib/shared/api/endpoints/pickers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listCustomers, async ({ query }, ctx) => ({ items: await listCustomers(requestContext(ctx), query) }));
export const POST = handle(center.createCustomer, { authorize: permitted('UI.menu.customerCenter', 'write.customer'), run: ({ body }, ctx) => createCustomer(requestContext(ctx), body) });
