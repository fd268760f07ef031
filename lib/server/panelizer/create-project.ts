import 'server-only';
import { emptyPanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerProjectDto } from '@/lib/shared/schemas/panelizer';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { panelizerProject } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { cloudLowerCorner, projectDataset } from './cloud-origin';
import { requireEditableMission } from './panelizer-access';
import { toProjectDto } from './panelizer-dto';

/**
 * Creates a project on the mission's converted cloud: an empty document whose local frame starts
 * at `origin` (the cloud's lower corner unless given, e.g. the demo building's corner).
 */
export async function createPanelizerProject(
  ctx: DomainContext,
  input: { missionId: number; name: string; datasetId?: number; origin?: [number, number, number] },
): Promise<PanelizerProjectDto> {
  await requireEditableMission(ctx, input.missionId);
  const cloud = await projectDataset(ctx, input.missionId, input.datasetId);
  const origin = input.origin ?? (await cloudLowerCorner(ctx, cloud.cloudPrefix));
  return inTransaction(ctx, async (tx) => {
    await requireEditableMission(tx, input.missionId, { lock: true });
    const by = actorId(tx.actor);
    const [row] = await tx.db
      .insert(panelizerProject)
      .values({ missionId: input.missionId, datasetId: cloud.id, name: input.name, document: emptyPanelizerDocument(origin), createdBy: by, updatedBy: by })
      .returning();
    await recordAudit(tx, { entity: 'panelizer_project', entityId: row!.id, missionId: input.missionId, action: 'create', diff: { name: input.name, datasetId: cloud.id } });
    return toProjectDto(row!);
  });
}
