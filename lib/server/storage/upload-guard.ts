import 'server-only';
import { AppError } from '../errors';

export interface UploadCheck {
  /** Declared size in bytes (Content-Length or the client's metadata); undefined when unknown. */
  size?: number | null;
  maxBytes: number;
  contentType?: string | null;
  /** Accepted media types; `image/*` matches any image, `*\/*` anything. */
  allowed: readonly string[];
}

const essence = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();

export function isAllowedType(contentType: string | null | undefined, allowed: readonly string[]): boolean {
  const type = essence(contentType ?? '');
  if (!type.includes('/')) return false;
  return allowed.some((pattern) => {
    const p = essence(pattern);
    if (p === '*/*') return true;
    if (p.endsWith('/*')) return type.startsWith(p.slice(0, -1));
    return p === type;
  });
}

/**
 * Rejects an upload before any byte is stored: 413 when the declared size exceeds the limit,
 * 415 when the media type is not accepted. The stream itself is bounded again by
 * `put(…, { maxBytes })`, since a declared size can lie.
 */
export function assertUpload({ size, maxBytes, contentType, allowed }: UploadCheck): void {
  if (size !== undefined && size !== null && size > maxBytes) {
    throw new AppError('payload_too_large', `The file is larger than ${maxBytes} bytes`, { maxBytes, size });
  }
  if (!isAllowedType(contentType, allowed)) {
    throw new AppError('unsupported_media_type', `Files of type ${essence(contentType ?? '') || 'unknown'} are not accepted`, {
      contentType: contentType ?? null,
      allowed: [...allowed],
    });
  }
}
