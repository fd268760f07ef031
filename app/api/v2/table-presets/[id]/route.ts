import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteTablePreset } from '@/lib/server/table-presets/delete-table-preset';
import * as api from '@/lib/shared/api/endpoints/table-presets';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.deleteTablePreset, async ({ params }, ctx) => {
  await deleteTablePreset(requestContext(ctx), { id: params.id });
  return null;
});
