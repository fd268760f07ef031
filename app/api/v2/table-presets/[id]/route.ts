import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { deleteTablePreset } from '@/lib/server/table-presets/delete-table-preset';
import * as api from '@/lib/shared/api/endpoints/table-presets';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.deleteTablePreset, async ({ params }, ctx) => {
  await deleteTablePreset(domainContext(ctx), { id: params.id });
  return null;
});
