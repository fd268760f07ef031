import 'server-only';
import { eq } from 'drizzle-orm';
import type { PermissionFlag } from '@/lib/shared/auth/permission-table';
import { requireInternal } from '../auth/guards';
import { requirePermission } from '../auth/require-permission';
import { db } from '../db/client';
import { building, measurement, tour } from '../db/schema';
import { notFound } from '../errors';
import { requestContext } from '../domain/contexts';
import type { MissionCapability } from '../missions/mission-access';
import { requireMission } from '../missions/visibility';
import type { UserRequestContext } from './handler';

/*
 * Authorization steps for `handle(endpoint, { authorize, run })`: they answer from the path alone,
 * before the body is read. The domain verbs keep their own checks (pages and jobs call them too);
 * these only make sure a caller who may not act gets 403/404 and never a 400 about the body.
 */
type Step = (addressed: { params: unknown }, ctx: UserRequestContext) => Promise<void>;

/** The mission of the path (`{id}`) with a capability: 404 unknown, 403 'not authorized to access mission id'. */
export const missionMay =
  (capability: MissionCapability): Step =>
  async ({ params }, ctx) => {
    await requireMission(requestContext(ctx), (params as { id: number }).id, capability);
  };

/** The mission of the building of the path (`/buildings/{id}`) with a capability. */
export const buildingMissionMay =
  (capability: MissionCapability): Step =>
  async ({ params }, ctx) => {
    const [found] = await db().select({ missionId: building.missionId }).from(building).where(eq(building.id, (params as { id: number }).id));
    if (!found) throw notFound('building');
    await requireMission(requestContext(ctx), found.missionId, capability);
  };

/** The mission of the viewer item of the path (`/measurements/{id}`) with a capability. */
export const measurementMissionMay =
  (capability: MissionCapability): Step =>
  async ({ params }, ctx) => {
    const [found] = await db().select({ missionId: measurement.missionId }).from(measurement).where(eq(measurement.id, (params as { id: number }).id));
    if (!found) throw notFound('measurement');
    await requireMission(requestContext(ctx), found.missionId, capability);
  };

/** The mission of the tour of the path (`/tours/{id}`) with a capability. */
export const tourMissionMay =
  (capability: MissionCapability): Step =>
  async ({ params }, ctx) => {
    const [found] = await db().select({ missionId: tour.missionId }).from(tour).where(eq(tour.id, (params as { id: number }).id));
    if (!found) throw notFound('tour');
    await requireMission(requestContext(ctx), found.missionId, capability);
  };

/** Permission flags of the caller's roles (spec §6: the flags that show a screen also gate its API). */
export const permitted =
  (...flags: PermissionFlag[]): Step =>
  async (_addressed, ctx) => {
    await requirePermission(ctx.user.actor, ...flags);
  };

/** Only the provider's staff (and the system). */
export const internalOnly =
  (action: string): Step =>
  async (_addressed, ctx) => {
    requireInternal(ctx.user.actor, action);
  };
