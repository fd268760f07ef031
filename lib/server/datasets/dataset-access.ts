import 'server-only';
import { eq } from 'drizzle-orm';
import { dataset } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';
import type { MissionCapability } from '../missions/mission-access';
import { requireMission, type MissionRow } from '../missions/visibility';
import type { DatasetRow } from './dataset-dto';

/**
 * Loads a dataset and checks the actor's capability on its mission: 404 for an unknown id, 403
 * 'not authorized to access mission id' when the mission is not theirs (a guessed id teaches
 * nothing more than the mission's own answer would).
 */
export async function requireDataset(
  ctx: DomainContext,
  id: number,
  capability: MissionCapability,
  options: { lock?: boolean } = {},
): Promise<{ row: DatasetRow; mission: MissionRow }> {
  const query = ctx.db.select().from(dataset).where(eq(dataset.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('dataset');
  const { row: mission } = await requireMission(ctx, row.missionId, capability);
  return { row, mission };
}
