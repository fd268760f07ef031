import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createMeasurement } from '@/lib/server/measurements/create-measurement';
import { listMeasurements } from '@/lib/server/measurements/list-measurements';
import { EDIT_MEASUREMENTS } from '@/lib/server/measurements/measurement-access';
import * as api from '@/lib/shared/api/endpoints/measurements';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMeasurements, async ({ params }, ctx) => ({ items: await listMeasurements(requestContext(ctx), { missionId: params.id }) }));
export const POST = handle(api.createMeasurement, {
  authorize: missionMay(EDIT_MEASUREMENTS),
  run: ({ params, body }, ctx) => createMeasurement(requestContext(ctx), { ...body, missionId: params.id }),
});
