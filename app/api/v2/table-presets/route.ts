import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createTablePreset } from '@/lib/server/table-presets/create-table-preset';
import { listTablePresets } from '@/lib/server/table-presets/list-table-presets';
import * as api from '@/lib/shared/api/endpoints/table-presets';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listTablePresets, async (_input, ctx) => ({ items: await listTablePresets(requestContext(ctx)) }));
export const POST = handle(api.createTablePreset, ({ body }, ctx) => createTablePreset(requestContext(ctx), body));
