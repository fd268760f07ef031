import { forbidden, notFound } from 'next/navigation';
import { loadMission, parseMissionId } from '@/lib/server/missions/mission-page';
import { MissionPrintView } from '@/components/missions/print/mission-print-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { missionStatusHistory } from '@/lib/server/missions/print/status-history';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) return viewMetadata('notFound');
  const { kind } = await loadMission(id);
  if (kind !== 'ok') return viewMetadata(kind === 'notFound' ? 'notFound' : 'forbidden');
  return viewMetadata('missionPrint', { id });
}

/** spec §2 /mission/{id}/print: the same authorization as the detail page (numeric ids only, 404, 403 with forbidden.tsx). */
export default async function MissionPrintPage({ params }: Props) {
  const id = parseMissionId((await params).id);
  if (id === null) notFound();
  const load = await loadMission(id);
  if (load.kind === 'notFound') notFound();
  if (load.kind === 'notAuthorized') forbidden();
  const history = load.capabilities.includes('readAudit') ? await missionStatusHistory(load.ctx, id) : null;
  return <MissionPrintView mission={load.mission} history={history} printedAt={new Date()} />;
}
