import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listCustomersPage } from '@/lib/server/customers/list-customers-page';
import * as api from '@/lib/shared/api/endpoints/admin-customers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listCustomerPage, ({ query }, ctx) => listCustomersPage(requestContext(ctx), query));
