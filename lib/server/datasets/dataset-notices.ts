import 'server-only';
import { eq } from 'drizzle-orm';
import { appUser, mission, notification } from '../db/schema';
import type { Executor } from '../jobs/define';
import { sendMail } from '../mail/send-mail';

/** What the mission owner hears about a scan (issue 14 point 5): it is ready, it failed, or it stalled. */
export type DatasetEvent = 'available' | 'failed' | 'stalled' | 'pointcloudReady' | 'pointcloudFailed';

const TEXTS: Record<DatasetEvent, { type: 'success' | 'error' | 'warning'; en: (d: string, m: string) => string; de: (d: string, m: string) => string }> = {
  available: { type: 'success', en: (d, m) => `Scan ${d} of mission ${m} is processed and available.`, de: (d, m) => `Der Scan ${d} der Mission ${m} ist verarbeitet und verfügbar.` },
  failed: { type: 'error', en: (d, m) => `Processing scan ${d} of mission ${m} failed.`, de: (d, m) => `Die Verarbeitung des Scans ${d} der Mission ${m} ist fehlgeschlagen.` },
  stalled: { type: 'warning', en: (d, m) => `Scan ${d} of mission ${m} has made no progress for a while.`, de: (d, m) => `Der Scan ${d} der Mission ${m} kommt seit einiger Zeit nicht voran.` },
  pointcloudReady: { type: 'success', en: (_d, m) => `The online point cloud of mission ${m} is ready.`, de: (_d, m) => `Die Online-Punktwolke der Mission ${m} ist fertig.` },
  pointcloudFailed: { type: 'error', en: (_d, m) => `Generating the online point cloud of mission ${m} failed.`, de: (_d, m) => `Die Online-Punktwolke der Mission ${m} konnte nicht erzeugt werden.` },
};

/**
 * Tells the mission's owner in the app (a notification addressed to them) and by e-mail (both
 * languages: the user's language is not stored). A mission without an owner tells nobody.
 */
export async function tellMissionOwner(db: Executor, missionId: number, event: DatasetEvent, datasetId = '', reason?: string): Promise<void> {
  const [row] = await db.select({ ownerId: mission.ownerId, name: mission.name, email: appUser.email }).from(mission).leftJoin(appUser, eq(appUser.identityId, mission.ownerId)).where(eq(mission.id, missionId));
  if (!row?.ownerId) return;
  const texts = TEXTS[event];
  const en = texts.en(datasetId, `${missionId} (${row.name})`) + (reason ? ` ${reason}` : '');
  const de = texts.de(datasetId, `${missionId} (${row.name})`) + (reason ? ` ${reason}` : '');
  await db.insert(notification).values({ text: { en, de }, type: texts.type, recipientId: row.ownerId, channels: ['global'] });
  if (row.email) await sendMail(db, { to: row.email, subject: `Argus: ${en}`, text: `${en}\n\n${de}\n`, template: `dataset.${event}` });
}
