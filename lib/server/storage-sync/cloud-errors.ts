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
  const e = err as { $metadata?: { httpStatusCode?: number } } | null;
  const names = namesOf(err);
  if (names.some((n) => CREDENTIALS.has(n)) || e?.$metadata?.httpStatusCode === 403) return new CloudError('credentials', err);
  if (names.some((n) => FULL.has(n)) || e?.$metadata?.httpStatusCode === 507) return new CloudError('full', err);
  if (names.some((n) => NETWORK.has(n)) || names.includes('TimeoutError')) return new CloudError('unreachable', err);
  return err;
}

type Named = { code?: unknown; name?: unknown; Code?: unknown; errno?: unknown; message?: unknown; cause?: unknown; $response?: unknown } | null;

/** Codes and names along the error's cause chain (the SDK wraps socket errors, e.g. "AWS SDK error wrapper for Error: connect ECONNREFUSED"). */
function namesOf(err: unknown): string[] {
  const names: string[] = [];
  let current = err as Named;
  for (let depth = 0; current && depth < 6; depth += 1, current = current.cause as Named) {
    for (const v of [current.code, current.name, current.Code]) if (typeof v === 'string') names.push(v);
    if (typeof current.message === 'string') names.push(...(current.message.match(/\b(E[A-Z]{3,}|[A-Z][a-zA-Z]+(?:Denied|KeyId|Match|Exceeded|Storage))\b/g) ?? []));
  }
  return names;
}

/** Runs one cloud call, naming its failure. */
export async function onCloud<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw classifyCloudError(err);
  }
}
