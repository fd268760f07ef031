import { db } from '@/lib/server/db/client';
import { handle } from '@/lib/server/api/handler';
import { currentMaintenanceNotice } from '@/lib/server/maintenance/current-notice';
import { maintenance } from '@/lib/shared/api/endpoints/platform';

export const dynamic = 'force-dynamic';

export const GET = handle(maintenance, ({ query }) => currentMaintenanceNotice(db(), query.locale));
