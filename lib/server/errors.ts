import { errorStatus, type ErrorCode, type FieldErrors } from '@/lib/shared/errors';

/** A domain error: thrown by domain verbs, mapped to the envelope by the API wrapper. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { fields?: FieldErrors; [key: string]: unknown },
    /** The message key the UI shows instead of `message` (default `errors.code.<code>`). */
    readonly key?: string,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const versionConflict = (what: string) =>
  new AppError('version_conflict', `${what} was changed by someone else; reload and try again`);
