import { measurementMissionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteMeasurement } from '@/lib/server/measurements/delete-measurement';
import { EDIT_MEASUREMENTS } from '@/lib/server/measurements/measurement-access';
import { updateMeasurement } from '@/lib/server/measurements/update-measurement';
import * as api from '@/lib/shared/api/endpoints/measurements';

export const dynamic = 'force-dynamic';

export const PATCH = handle(api.updateMeasurement, {
  authorize: measurementMissionMay(EDIT_MEASUREMENTS),
  run: ({ params, body }, ctx) => updateMeasurement(requestContext(ctx), { ...body, id: params.id }),
});
export const DELETE = handle(api.deleteMeasurement, {
  authorize: measurementMissionMay(EDIT_MEASUREMENTS),
  run: async ({ params, query }, ctx) => {
    await deleteMeasurement(requestContext(ctx), { id: params.id, version: query.version });
    return null;
  },
});
