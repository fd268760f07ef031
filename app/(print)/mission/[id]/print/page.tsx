import { forbidden, notFound } from 'next/navigation';
import { loadMission, parseMissionId } from '@/lib/server/missions/mission-page';
import { MissionPrintView } from '@/components/missions/print/mission-print-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { missionStatusHistory } from '@/lib/server/missions/print/status-history';
import { cloudCrs } from '@/lib/server/measurements/export-measurements';
import { listMeasurements } from '@/lib/server/measurements/list-measurements';
import { withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) return viewMetadata('notFound');
  const { kind } = await loadMission(id);
  if (kind !== 'ok') return viewMetadata(kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('missionPrint', { id });
}

/** spec §2 /mission/{id}/print: the same authorization as the detail page (numeric ids only, 404, 403 with forbidden.tsx). */
async function MissionPrintPage({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) notFound();
  const load = await loadMission(id);
  if (load.kind === 'notFound') notFound();
  if (load.kind === 'notAuthorized') forbidden();
  const [history, items, crs] = await Promise.all([
    load.capabilities.includes('readAudit') ? missionStatusHistory(load.ctx, id) : null,
    listMeasurements(load.ctx, { missionId: id }),
    cloudCrs(load.ctx, id),
  ]);
  return <MissionPrintView mission={load.mission} history={history} printedAt={new Date()} measurements={{ items, unit: crs.units }} />;
}

export default withAccessViews(MissionPrintPage);
