import { z } from 'zod';

/** How the local copy of an inventoried file compares with its recorded SHA-256. */
export const LOCAL_FILE_STATES = ['ok', 'missing', 'corrupt', 'deleted'] as const;
/** The background operations of /storage (spec §2: sync, unsync, restore). */
export const STORAGE_OPERATIONS = ['sync', 'unsync', 'restore'] as const;
export type StorageOperation = (typeof STORAGE_OPERATIONS)[number];

/**
 * A mission's state on /storage (issue 15): not synced, syncing n %, synced, out of date (files
 * changed or added since the last sync), unsyncing, unsynced, restoring, error (with its reason).
 */
export const MISSION_STORAGE_STATES = ['notSynced', 'syncing', 'synced', 'outOfDate', 'unsyncing', 'unsynced', 'restoring', 'error'] as const;
export type MissionStorageState = (typeof MISSION_STORAGE_STATES)[number];

const dateTime = z.iso.datetime({ offset: true });

export const storageProgressSchema = z.object({
  filesDone: z.number().int(),
  filesTotal: z.number().int(),
  bytesDone: z.number().int(),
  bytesTotal: z.number().int(),
  percent: z.number().int().min(0).max(100),
  /** Estimated from the bytes moved so far; null until something moved. */
  secondsLeft: z.number().int().nullable(),
});

export const storageMissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  fileCount: z.number().int(),
  localBytes: z.number().int(),
  cloudBytes: z.number().int(),
  /** Files with a copy in the cloud (what an unsync deletes, at most). */
  cloudFiles: z.number().int(),
  /** Files whose local copy is gone or damaged (a restore brings them back). */
  localProblems: z.number().int(),
  cloudOnline: z.boolean(),
  state: z.enum(MISSION_STORAGE_STATES),
  progress: storageProgressSchema.nullable(),
  error: z.string().nullable(),
  lastSyncedAt: dateTime.nullable(),
  /** What the last scheduled verification found damaged (an encoded message key), and when. */
  checkReport: z.string().nullable(),
  checkedAt: dateTime.nullable(),
});
export type StorageMissionDto = z.output<typeof storageMissionSchema>;

/** Files stored under the id of a mission that is not in the mission list ('Mission not found in Mission List'). */
export const orphanSchema = z.object({
  missionId: z.number().int(),
  localFiles: z.number().int(),
  localBytes: z.number().int(),
  cloudFiles: z.number().int(),
  cloudBytes: z.number().int(),
});
export type OrphanDto = z.output<typeof orphanSchema>;
export const deleteOrphansBody = z.object({ missionIds: z.array(z.number().int().positive()).min(1).max(1000) });

export const storageOverviewSchema = z.object({
  missions: z.array(storageMissionSchema),
  totals: z.object({
    localBytes: z.number().int(),
    cloudBytes: z.number().int(),
    /** Free space on the local disk; null when local storage is not a filesystem. */
    freeLocalBytes: z.number().int().nullable(),
  }),
  /** The user may list and delete files of missing missions (administrators). */
  orphansAllowed: z.boolean(),
});
export type StorageOverviewDto = z.output<typeof storageOverviewSchema>;

export const storedFileSchema = z.object({
  /** The key below the mission's folder. */
  path: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  local: z.enum(LOCAL_FILE_STATES),
  /** The cloud copy exists and matches the checksum. */
  inCloud: z.boolean(),
  cloudVerifiedAt: dateTime.nullable(),
});
export type StoredFileDto = z.output<typeof storedFileSchema>;

export const storageOperationSchema = z.object({ missionId: z.number().int(), operation: z.enum(STORAGE_OPERATIONS), jobId: z.uuid() });
export type StorageOperationDto = z.output<typeof storageOperationSchema>;
