import { z } from 'zod';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/*
 * spec §2 mission actions "backup" and "restore" (docs/adr/0006-mission-backup.md): a backup is a
 * background job whose job row is the backup record; its archive (tar.gz) is downloaded once the job
 * succeeded. A restore uploads such an archive and replaces the mission's records with it.
 */

export const missionBackupSchema = z.object({
  /** The backup's background job. */
  id: z.uuid(),
  missionId: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Identity id of who asked for it. */
  createdBy: z.string().nullable(),
  /** Set once the archive is ready. */
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Where to GET the archive once `state` is `succeeded`. */
  downloadUrl: z.string().nullable(),
});
export type MissionBackupDto = z.output<typeof missionBackupSchema>;

const missionParams = missionIdParams;
const backupParams = missionParams.extend({ backupId: z.uuid() });

export const startMissionBackup = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/backup',
  summary: 'Starts a backup of the mission (records and stored files) as a background job; internal users only. Answers the running backup if one is under way',
  tag: 'missions',
  params: missionParams,
  body: z.object({}).optional(),
  response: missionBackupSchema,
  status: 202,
});

export const listMissionBackups = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/backup',
  summary: 'The mission\'s latest backups, newest first (internal users only)',
  tag: 'missions',
  params: missionParams,
  response: z.object({ items: z.array(missionBackupSchema) }),
});

export const getMissionBackup = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/backup/{backupId}',
  summary: 'State and progress of one backup (poll until succeeded or failed)',
  tag: 'missions',
  params: backupParams,
  response: missionBackupSchema,
});

export const downloadMissionBackup = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/backup/{backupId}/archive',
  summary: 'The backup archive (application/gzip: tar with manifest.json, records/*.json, files/…); ranges supported',
  tag: 'missions',
  params: backupParams,
  response: z.string().describe('The archive itself (application/gzip)'),
});

/** Upload limit of a restore archive (compressed). */
export const RESTORE_MAX_BYTES = 4 * 1024 * 1024 * 1024;
export const RESTORE_CONTENT_TYPES = ['application/gzip', 'application/x-gzip', 'application/x-tar+gzip', 'application/octet-stream'] as const;
/** What the restore control accepts (spec §5 accept list entries). */
export const RESTORE_ACCEPT = ['.tar.gz', '.tgz', 'application/gzip', 'application/x-gzip'] as const;

export const restoreMissionResultSchema = z.object({
  missionId: z.number().int(),
  /** The mission's version after the restore. */
  version: z.number().int(),
  /** When the restored backup was made. */
  backupCreatedAt: z.iso.datetime({ offset: true }),
  /** True when the mission did not exist any more and was recreated with its id. */
  recreated: z.boolean(),
  restored: z.object({
    buildings: z.number().int(),
    tags: z.number().int(),
    shares: z.number().int(),
    datasets: z.number().int(),
    files: z.number().int(),
    /** The 3D viewer's saved items, rendered slices and tours; null when the archive (format 1) has none and they were left as they were. */
    measurements: z.number().int().nullable(),
    renderedSlices: z.number().int().nullable(),
    tours: z.number().int().nullable(),
    /** The blurring review's images and the panelizer's projects; null when the archive (format 1 or 2) has none and they were left as they were. */
    images: z.number().int().nullable(),
    panelizerProjects: z.number().int().nullable(),
  }),
});
export type RestoreMissionResult = z.output<typeof restoreMissionResultSchema>;

export const restoreMission = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/restore',
  summary:
    'Restores the mission from a backup archive sent as the raw request body (Content-Type application/gzip). The archive is validated completely ' +
    '(manifest, format version, entry paths, checksums, every record) before anything is written, then the mission\'s records are replaced in one ' +
    'transaction. `version` (the mission\'s current version) is required when the mission exists: 409 when stale. Internal users only. ' +
    'A refused archive is 422 with `details.reason` (format, manifest, version, path, checksum, record, mission, reference, size)',
  tag: 'missions',
  params: missionParams,
  query: z.object({ version: z.coerce.number().int().positive().optional() }),
  response: restoreMissionResultSchema,
});
