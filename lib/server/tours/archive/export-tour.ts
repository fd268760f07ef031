import 'server-only';
import { TOUR_ARCHIVE_FORMAT, TOUR_ARCHIVE_VERSION, type TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';
import { recordAudit } from '../../audit/record-audit';
import { inTransaction, type DomainContext } from '../../domain/context';
import { requireTour, SEE_TOURS, tourConflict } from '../tour-access';

export interface TourExport {
  archive: TourArchiveManifest;
  /** Where the generated files are read from. */
  outputPrefix: string;
  fileName: string;
}

/**
 * The export of a tour (GET /tours/{id}/export): whoever may read the tour may take it away as a
 * zip. Refused with 409 before a generation (nothing to export); audited when it starts, not
 * when the page only checks that it would (`check`).
 */
export async function exportTour(ctx: DomainContext, input: { id: number; check?: boolean }): Promise<TourExport> {
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireTour(tx, input.id, SEE_TOURS);
    if (!row.manifest || !row.outputPrefix || row.manifest.nodes.length === 0) {
      throw tourConflict('The tour has not been generated yet', 'tours.export.notGenerated');
    }
    if (!input.check) await recordAudit(tx, { entity: 'tour', entityId: row.id, missionId: row.missionId, action: 'export', diff: { panoramas: row.manifest.nodes.length } });
    const archive: TourArchiveManifest = {
      format: TOUR_ARCHIVE_FORMAT,
      version: TOUR_ARCHIVE_VERSION,
      name: row.name,
      exportedAt: tx.clock.now().toISOString(),
      tour: row.manifest,
    };
    return { archive, outputPrefix: row.outputPrefix, fileName: `${row.name}.zip` };
  });
}
