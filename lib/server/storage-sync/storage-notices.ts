import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { StorageOperation } from '@/lib/shared/schemas/storage';
import { appUser, mission, notification } from '../db/schema';
import type { Executor } from '../jobs/define';

type Texts = { en: (m: string) => string; de: (m: string) => string };

const DONE: Record<StorageOperation, Texts> = {
  sync: { en: (m) => `Mission ${m} is synchronised with the cloud.`, de: (m) => `Die Mission ${m} ist mit der Cloud synchronisiert.` },
  unsync: { en: (m) => `The cloud copy of mission ${m} was removed.`, de: (m) => `Die Cloud-Kopie der Mission ${m} wurde entfernt.` },
  restore: { en: (m) => `The files of mission ${m} were restored from the cloud.`, de: (m) => `Die Dateien der Mission ${m} wurden aus der Cloud wiederhergestellt.` },
};

/** spec §8, verbatim; the German texts match messages/de.json storage.*Failed. */
const FAILED: Record<StorageOperation, { en: string; de: string }> = {
  sync: { en: 'Failed to sync Mission!', de: 'Mission konnte nicht synchronisiert werden!' },
  unsync: { en: 'Failed to unsync Mission!', de: 'Synchronisierung der Mission konnte nicht aufgehoben werden!' },
  restore: { en: 'Failed to restore Mission!', de: 'Mission konnte nicht wiederhergestellt werden!' },
};

/** Tells whoever started the operation how it ended (in-app notification, both languages). */
export async function tellStorageOutcome(
  db: Executor,
  input: { missionId: number; recipientId: string | null; operation: StorageOperation; reason: { en: string; de: string } | null },
): Promise<void> {
  if (!input.recipientId) return;
  const [row] = await db.select({ name: mission.name }).from(mission).where(eq(mission.id, input.missionId));
  const label = `${input.missionId} (${row?.name ?? ''})`;
  const text = input.reason
    ? { en: `${FAILED[input.operation].en} ${label}: ${input.reason.en}`, de: `${FAILED[input.operation].de} ${label}: ${input.reason.de}` }
    : { en: DONE[input.operation].en(label), de: DONE[input.operation].de(label) };
  await db.insert(notification).values({ text, type: input.reason ? 'error' : 'success', recipientId: input.recipientId, channels: ['global'] });
}

/**
 * Tells every administrator what the scheduled check found damaged in a mission (issue 15 point 4).
 * Roles live in the identity service; a job reads them as mirrored at each user's last visit.
 */
export async function tellAdminsOfDamage(db: Executor, input: { missionId: number; repaired: number; unrepairable: number }): Promise<void> {
  const admins = await db.select({ id: appUser.identityId }).from(appUser).where(sql`'admin' = any(${appUser.roles})`);
  if (admins.length === 0) return;
  const [row] = await db.select({ name: mission.name }).from(mission).where(eq(mission.id, input.missionId));
  const label = `${input.missionId} (${row?.name ?? ''})`;
  const { repaired, unrepairable } = input;
  const text = {
    en: `Mission ${label}: the scheduled check found damaged copies: ${repaired} repaired, ${unrepairable} without an intact copy.`,
    de: `Mission ${label}: Die regelmäßige Prüfung hat beschädigte Kopien gefunden: ${repaired} repariert, ${unrepairable} ohne intakte Kopie.`,
  };
  const type = unrepairable > 0 ? ('error' as const) : ('warning' as const);
  await db.insert(notification).values(admins.map((a) => ({ text, type, recipientId: a.id, channels: ['global' as const] })));
}
