import 'server-only';
import { env } from '../env';

export interface UploadLimits {
  /** Largest Upload-Length (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Largest PATCH body (UPLOAD_REQUEST_BYTES). */
  requestBytes: number;
  /** What one mission's uploads may add up to (MISSION_QUOTA_BYTES). */
  quotaBytes: number;
  /** How long an unfinished upload is kept (UPLOAD_EXPIRY_HOURS), in milliseconds. */
  expiryMs: number;
}

export function uploadLimits(): UploadLimits {
  const e = env();
  return { maxBytes: e.UPLOAD_MAX_BYTES, requestBytes: e.UPLOAD_REQUEST_BYTES, quotaBytes: e.MISSION_QUOTA_BYTES, expiryMs: e.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000 };
}
