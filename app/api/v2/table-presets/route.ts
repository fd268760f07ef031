import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { createTablePreset } from '@/lib/server/table-presets/create-table-preset';
import { listTablePresets } from '@/lib/server/table-presets/list-table-presets';
import * as api from '@/lib/shared/api/endpoints/table-presets';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listTablePresets, async (_input, ctx) => ({ items: await listTablePresets(domainContext(ctx)) }));
export const POST = handle(api.createTablePreset, ({ body }, ctx) => createTablePreset(domainContext(ctx), body));
