import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listMissionFiles } from '@/lib/server/missions-files/list-mission-files';
import * as api from '@/lib/shared/api/endpoints/mission-files';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionFiles, async ({ params }, ctx) => ({ items: await listMissionFiles(requestContext(ctx), { missionId: params.id }) }));
