import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/server/audit/record-audit';
import type { Db } from '@/lib/server/db/client';
import { dataset, mission, panelizerExport, panelizerProject } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import { systemContext } from '@/lib/server/domain/contexts';
import { panelizerResults } from '@/lib/shared/panelizer/results';
import { validatePanelizerDocument } from '@/lib/shared/panelizer/validate';
import { demoPanelizerDocument } from './demo-panelizer-document';
import { DEMO_SCAN_DATASET_ID, DEMO_SCAN_MISSION_REFERENCE } from './demo-scan';

/*
 * Issue 19 point 8: the demo mission's panelizer project on its generated building — floor lines
 * every 3 m up to the eaves, the 24 × 12 m outline on all four (linked) floors, every window and
 * the door the generator cut — and its export #1, published, so the StoSim section shows a result
 * and the partner reads it through the API. The project draws on the demo scan's dataset, whose
 * cloud the worker converts after seeding; its frame is the building's (origin =
 * DEMO_BUILDING_ORIGIN), not the cloud's lower corner.
 */

export const DEMO_PANELIZER_PROJECT_NAME = 'Fassade Bürohaus';

export async function seedDemoPanelizer(db: Db, identities: Record<string, string>): Promise<{ created: boolean }> {
  const ctx = systemContext(db);
  const [demo] = await db.select({ id: mission.id, additionalProducts: mission.additionalProducts }).from(mission).where(eq(mission.internalReference, DEMO_SCAN_MISSION_REFERENCE));
  if (!demo) return { created: false };
  const [existing] = await db.select({ id: panelizerProject.id }).from(panelizerProject).where(and(eq(panelizerProject.missionId, demo.id), eq(panelizerProject.name, DEMO_PANELIZER_PROJECT_NAME)));
  if (existing) return { created: false };
  const [scan] = await db.select({ id: dataset.id }).from(dataset).where(eq(dataset.datasetId, DEMO_SCAN_DATASET_ID));
  const document = demoPanelizerDocument();
  const problems = validatePanelizerDocument(document);
  if (problems.length > 0) throw new Error(`the demo panelizer document breaks its rules: ${JSON.stringify(problems)}`);
  const operator = identities['operator@example.com'] ?? null;

  await inTransaction(ctx, async (tx) => {
    const [project] = await tx.db
      .insert(panelizerProject)
      .values({ missionId: demo.id, datasetId: scan?.id ?? null, name: DEMO_PANELIZER_PROJECT_NAME, document, createdBy: operator, updatedBy: operator })
      .returning();
    const publishedAt = tx.clock.now();
    const [made] = await tx.db
      .insert(panelizerExport)
      .values({ projectId: project!.id, missionId: demo.id, number: 1, name: project!.name, document, results: panelizerResults(document), createdBy: operator, publishedAt })
      .returning({ id: panelizerExport.id });
    await tx.db.update(panelizerProject).set({ publishedExportId: made!.id, publishedAt }).where(eq(panelizerProject.id, project!.id));
    // A published StoSim result is one the customer ordered: the mission detail says "StoSim ordered: yes".
    if (!demo.additionalProducts.includes('stosim')) {
      await tx.db.update(mission).set({ additionalProducts: [...demo.additionalProducts, 'stosim'] }).where(eq(mission.id, demo.id));
    }
    await recordAudit(tx, { entity: 'panelizer_project', entityId: project!.id, missionId: demo.id, action: 'create', diff: { name: project!.name } });
    await recordAudit(tx, { entity: 'panelizer_export', entityId: made!.id, missionId: demo.id, action: 'publish', diff: { number: 1 } });
  });
  return { created: true };
}
