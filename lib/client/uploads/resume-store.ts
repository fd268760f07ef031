/** What identifies the same file chosen again (after a reload): mission, purpose, name, size, modification time. */
export interface FileFingerprint {
  missionId: number;
  purpose: string;
  name: string;
  size: number;
  lastModified: number;
}

const PREFIX = 'argus.upload:';

export const fingerprintKey = (f: FileFingerprint) => `${PREFIX}${f.missionId}:${f.purpose}:${f.size}:${f.lastModified}:${f.name}`;

/** Upload URLs of unfinished uploads, kept in localStorage so a reload resumes from the last byte. */
export interface ResumeStore {
  get(f: FileFingerprint): string | null;
  set(f: FileFingerprint, url: string): void;
  remove(f: FileFingerprint): void;
}

export function localResumeStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): ResumeStore {
  // Private modes may refuse storage: the upload still works, it just cannot survive a reload.
  const safely = <T>(run: () => T, fallback: T): T => {
    try {
      return storage ? run() : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (f) => safely(() => storage!.getItem(fingerprintKey(f)), null),
    set: (f, url) => safely(() => storage!.setItem(fingerprintKey(f), url), undefined),
    remove: (f) => safely(() => storage!.removeItem(fingerprintKey(f)), undefined),
  };
}
