import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { startMissionExport } from '@/lib/server/missions/export-missions';
import * as api from '@/lib/shared/api/endpoints/mission-exports';
import { negotiateLocale } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';

// The file's column names follow the browser language, like the screen the user exports from.
export const POST = handle(api.startMissionExport, ({ body }, ctx) =>
  startMissionExport(requestContext(ctx), { ...body, locale: negotiateLocale(ctx.request.headers.get('accept-language')) }),
);
