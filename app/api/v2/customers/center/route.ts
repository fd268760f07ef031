import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { listCustomersPage } from '@/lib/server/customers/list-customers-page';
import * as api from '@/lib/shared/api/endpoints/admin-customers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listCustomerPage, ({ query }, ctx) => listCustomersPage(domainContext(ctx), query));
