import { ApiError } from '@/lib/client/fetcher';
import { fieldIssuesOf } from '@/lib/shared/errors';

type T = (key: string) => string;

/**
 * What the user center says when a change fails: field errors under their fields, a reason the
 * user can act on (e-mail taken, user level, own account), else the generic spec §8-style text.
 */
export function failureOf(err: unknown, t: T, fallbackKey: string): { text: string; fields: Record<string, string> } {
  if (!(err instanceof ApiError)) return { text: t(fallbackKey), fields: {} };
  const fields: Record<string, string> = {};
  for (const [field, issues] of Object.entries(fieldIssuesOf(err.details?.fields))) {
    // The domain's reasons arrive as English text (with a generic key); rules as validation keys.
    const first = issues[0]?.key.startsWith('validation.') && issues[0].key !== 'validation.invalid' ? issues[0].key : (issues[0]?.message ?? '');
    const name = field.split('.')[0]!;
    fields[name] =
      first === 'already exists' && name === 'email'
        ? t('errors.emailTaken')
        : first === 'customer not found'
          ? t('errors.customerNotFound')
          : first === 'customer belongs to another company'
            ? t('errors.customerCompany')
            : first.startsWith('validation.')
              ? first
              : t(fallbackKey);
  }
  if (err.code === 'not_authorized') return { text: /own/.test(err.message) ? t('errors.ownAccount') : t('errors.forbidden'), fields };
  if (fields.email === t('errors.emailTaken')) return { text: t('errors.emailTaken'), fields };
  return { text: t(fallbackKey), fields };
}
