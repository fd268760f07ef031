import 'server-only';
import { encodeKey } from '@/lib/shared/validation/issue';
import { CloudError } from './cloud-errors';

/**
 * Why an operation failed, stored as an encoded message key (the /storage page translates it)
 * and spelled out in both languages for the notification.
 */
export interface Reason {
  key: string;
  en: string;
  de: string;
}

export const REASONS = {
  unreachable: () => ({ key: encodeKey('errors.storage.unreachable'), en: 'The cloud storage cannot be reached.', de: 'Der Cloud-Speicher ist nicht erreichbar.' }),
  credentials: () => ({ key: encodeKey('errors.storage.credentials'), en: 'The cloud storage refused the credentials.', de: 'Der Cloud-Speicher hat die Zugangsdaten abgelehnt.' }),
  full: () => ({ key: encodeKey('errors.storage.full'), en: 'The cloud storage is full.', de: 'Der Cloud-Speicher ist voll.' }),
  checksum: () => ({ key: encodeKey('errors.storage.checksum'), en: 'A copy did not match its checksum.', de: 'Eine Kopie stimmte nicht mit ihrer Prüfsumme überein.' }),
  damaged: (count: number) => ({
    key: encodeKey('errors.storage.damaged', { count }),
    en: `${count} file(s) are damaged locally and have no cloud copy.`,
    de: `${count} Datei(en) sind lokal beschädigt und haben keine Cloud-Kopie.`,
  }),
  kept: (count: number) => ({
    key: encodeKey('errors.storage.kept', { count }),
    en: `${count} cloud copy(ies) kept: they are the only good copy. Restore the mission first.`,
    de: `${count} Cloud-Kopie(n) behalten, da sie die einzige intakte Kopie sind. Stellen Sie die Mission zuerst wieder her.`,
  }),
  lost: (count: number) => ({
    key: encodeKey('errors.storage.lost', { count }),
    en: `${count} file(s) could not be restored: no intact copy exists.`,
    de: `${count} Datei(en) konnten nicht wiederhergestellt werden, da keine intakte Kopie existiert.`,
  }),
  unexpected: () => ({ key: encodeKey('errors.storage.unexpected'), en: 'An unexpected error occurred.', de: 'Ein unerwarteter Fehler ist aufgetreten.' }),
} satisfies Record<string, (count: number) => Reason>;

export function reasonOf(err: unknown): Reason {
  return err instanceof CloudError ? REASONS[err.fault]() : REASONS.unexpected();
}
