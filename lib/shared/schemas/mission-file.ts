import { z } from 'zod';

/** What a mission file is (spec §2 "downloads"): raw scan uploads, CAD deliverables, photos, tour images. */
export const MISSION_FILE_KINDS = ['scan', 'cad', 'photo', 'tour-image'] as const;
export type MissionFileKind = (typeof MISSION_FILE_KINDS)[number];

export const missionFileSchema = z.object({
  id: z.number().int(),
  missionId: z.number().int(),
  kind: z.enum(MISSION_FILE_KINDS),
  filename: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Display name of who uploaded it; null for the system or a user who is gone. */
  uploadedBy: z.string().nullable(),
  /** The dataset a raw scan belongs to, if any. */
  datasetId: z.number().int().nullable(),
});
export type MissionFileDto = z.output<typeof missionFileSchema>;
