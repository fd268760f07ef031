import 'server-only';
import { AppError } from '../errors';

/** Why the cloud refused, in words an admin can act on; the reason is stored and shown on /storage. */
export type CloudFault = 'unreachable' | 'credentials' | 'full' | 'checksum';

export const CLOUD_FAULT_TEXT: Record<CloudFault, string> = {
  unreachable: 'The cloud storage cannot be reached.',
  credentials: 'The cloud storage refused the credentials.',
  full: 'The cloud storage is full.',
  checksum: 'A copy did not match its checksum.',
};

export class CloudError extends Error {
  override name = 'CloudError';
  constructor(readonly fault: CloudFault, override readonly cause: unknown) {
    super(CLOUD_FAULT_TEXT[fault]);
  }
}

const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const CREDENTIALS = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken', 'Forbidden', 'EACCES', 'EPERM', 'EROFS']);
const FULL = new Set(['ENOSPC', 'EDQUOT', 'QuotaExceeded', 'EntityTooLarge', 'InsufficientStorage', 'ServiceQuotaExceeded']);

/** Names a failure of a cloud call; anything else passes through unchanged. */
export function classifyCloudError(err: unknown): unknown {
  if (err instanceof CloudError) return err;
  if (err instanceof AppError && err.code === 'unprocessable') return new CloudError('checksum', err);
  const e = err as { code?: string; name?: string; Code?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } } | null;
  const names = [e?.code, e?.name, e?.Code, e?.cause?.code].filter((v): v is string => typeof v === 'string');
  if (names.some((n) => CREDENTIALS.has(n)) || e?.$metadata?.httpStatusCode === 403) return new CloudError('credentials', err);
  if (names.some((n) => FULL.has(n)) || e?.$metadata?.httpStatusCode === 507) return new CloudError('full', err);
  if (names.some((n) => NETWORK.has(n)) || names.includes('TimeoutError')) return new CloudError('unreachable', err);
  return err;
}

/** Runs one cloud call, naming its failure. */
export async function onCloud<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw classifyCloudError(err);
  }
}
