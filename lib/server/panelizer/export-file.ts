import 'server-only';
import type { Locale } from '@/lib/shared/locale';
import type { PanelizerFileFormat } from '@/lib/shared/schemas/panelizer';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { panelizerExportFile, type PanelizerFile } from './files';
import { requireExport, SEE_PANELIZER } from './panelizer-access';

/** An export's file (CSV, XLSX, DXF, PDF) in the reader's language; readers get only the published export's. */
export async function getPanelizerExportFile(ctx: DomainContext, input: { id: string; format: PanelizerFileFormat; locale: Locale }): Promise<PanelizerFile> {
  const { row } = await requireExport(ctx, input.id);
  const { row: mission } = await requireMission(ctx, row.missionId, SEE_PANELIZER);
  return panelizerExportFile(row, input.format, input.locale, { missionName: mission.internalReference ? `${mission.name} (${mission.internalReference})` : mission.name });
}
