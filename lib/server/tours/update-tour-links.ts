import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { TourDto, TourLinkPair, TourManifest } from '@/lib/shared/schemas/tour';
import { buildLinks, linkEditsFor, NEIGHBOURS } from '@/lib/shared/tours/links';
import { recordAudit } from '../audit/record-audit';
import { tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError, versionConflict } from '../errors';
import { EDIT_TOURS, requireTour, tourConflict } from './tour-access';
import { toTourDtos } from './tour-dto';

/**
 * Saves the links a tour should have (PUT /tours/{id}/links), edited by hand after a generation:
 * stored as what differs from the links positions give, so every later generation applies them
 * again, and written into the manifest at once (links need no new tiles). Versioned like a rename
 * (409 when stale). Sending exactly the links positions give is "rebuild": no edits are left.
 */
export async function updateTourLinks(
  ctx: DomainContext,
  input: { id: number; version: number; links: readonly TourLinkPair[] },
): Promise<{ tour: TourDto; manifest: TourManifest }> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireTour(tx, input.id, EDIT_TOURS, { lock: true });
    if (current.version !== input.version) throw versionConflict('tour');
    const manifest = current.manifest;
    if (!manifest) throw tourConflict('The tour has not been generated yet', 'tours.errors.notGenerated');
    const ids = new Set(manifest.nodes.map((n) => n.id));
    const unknown = input.links.findIndex(([a, b]) => !ids.has(a) || !ids.has(b));
    if (unknown >= 0) throw new AppError('validation', 'A link names a panorama the tour does not have', { fields: { [`links.${unknown}`]: ['validation.invalid'] } });
    const linkEdits = linkEditsFor(manifest.nodes, input.links, NEIGHBOURS);
    const links = buildLinks(manifest.nodes, NEIGHBOURS, linkEdits);
    const next: TourManifest = { ...manifest, nodes: manifest.nodes.map((n) => ({ ...n, links: links.get(n.id) ?? [] })) };
    const [row] = await tx.db
      .update(tour)
      .set({ manifest: next, linkEdits, updatedAt: sql`now()`, version: sql`${tour.version} + 1` })
      .where(eq(tour.id, current.id))
      .returning();
    await recordAudit(tx, { entity: 'tour', entityId: current.id, missionId: current.missionId, action: 'update', diff: { links: linkEdits } });
    return { tour: (await toTourDtos(tx, [row!]))[0]!, manifest: next };
  });
}
