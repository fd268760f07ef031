import 'server-only';
import { eq } from 'drizzle-orm';
import { measurement } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';
import type { MissionCapability } from '../missions/mission-access';
import { requireMission } from '../missions/visibility';
import type { MeasurementRow } from './measurement-dto';

/**
 * Who may see and change the viewer's saved items: they are as visible as their mission (`read`)
 * and editable by whoever may edit it (`update`: the mission's own company, its operators and the
 * provider's staff; a customer it is only shared with reads).
 */
export const SEE_MEASUREMENTS: MissionCapability = 'read';
export const EDIT_MEASUREMENTS: MissionCapability = 'update';

/**
 * Loads an item and checks the capability on its mission: 404 for an unknown id, the mission's
 * own refusal (403 'not authorized to access mission id') when it is not the actor's.
 */
export async function requireMeasurement(ctx: DomainContext, id: number, capability: MissionCapability, options: { lock?: boolean } = {}): Promise<MeasurementRow> {
  const query = ctx.db.select().from(measurement).where(eq(measurement.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('measurement');
  await requireMission(ctx, row.missionId, capability);
  return row;
}
