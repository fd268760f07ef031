import { z } from 'zod';
import { DATASET_TYPES } from './dataset';
import { UPLOAD_PURPOSES } from '../uploads/protocol';

export * from '../uploads/protocol';

/**
 * The `Upload-Metadata` of a creation request, decoded. `datasetType` only means something for
 * scans (spec §4 dataset type, default unknown).
 */
export const uploadMetadata = z
  .object({
    missionId: z.coerce.number().int().positive(),
    filename: z.string().trim().min(1).max(255),
    purpose: z.enum(UPLOAD_PURPOSES),
    datasetType: z.enum(DATASET_TYPES).optional(),
  })
  .transform((m) => ({ ...m, datasetType: m.purpose === 'scan' ? (m.datasetType ?? 'unknown') : undefined }));
export type UploadMetadata = z.output<typeof uploadMetadata>;
