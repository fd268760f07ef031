import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/client/fetcher';
import { fieldKeys } from '@/lib/shared/errors';

/**
 * Puts the server's field errors (400 validation, 409 on a unique field) on the form's
 * fields. Returns false when the error names none of them (the caller then shows a notice).
 */
export function applyFieldErrors<T extends FieldValues>(err: unknown, fields: readonly string[], setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiError)) return false;
  const named = fieldKeys(err.details?.fields);
  let applied = false;
  for (const [field, messages] of Object.entries(named)) {
    if (!fields.includes(field) || !messages[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

export const isVersionConflict = (err: unknown) => err instanceof ApiError && err.code === 'version_conflict';
