import { ApiError } from '@/lib/client/fetcher';
import { fieldIssuesOf } from '@/lib/shared/errors';

type T = (key: string) => string;
/** Any message key (validation.*, errors.*, encoded with values) in the user's language. */
type Translate = (key: string) => string;

/* Domain reasons the user center words itself (admin.users.errors.*); other keys keep their own text. */
const OWN_WORDS: Record<string, string> = {
  'errors.admin.customerNotFound': 'errors.customerNotFound',
  'errors.admin.customerOtherCompany': 'errors.customerCompany',
};

/** The refusals of acting on one's own account (roles, state). */
const OWN_ACCOUNT = new Set(['errors.admin.ownRoles', 'errors.admin.ownState']);

/**
 * What the user center says when a change fails: field errors under their fields, a reason the
 * user can act on (e-mail taken, user level, own account), else the generic spec §8-style text.
 * Field errors arrive as message keys; only the generic 'invalid value' gets the generic text.
 */
export function failureOf(err: unknown, t: T, fallbackKey: string, translate: Translate): { text: string; fields: Record<string, string> } {
  if (!(err instanceof ApiError)) return { text: t(fallbackKey), fields: {} };
  const fields: Record<string, string> = {};
  for (const [field, issues] of Object.entries(fieldIssuesOf(err.details?.fields))) {
    const key = issues[0]?.key;
    const name = field.split('.')[0]!;
    const own = key && OWN_WORDS[key];
    fields[name] =
      !key || key === 'validation.invalid'
        ? t(fallbackKey)
        : key === 'errors.admin.alreadyExists' && name === 'email'
          ? t('errors.emailTaken')
          : own
            ? t(own)
            : translate(key);
  }
  if (err.code === 'not_authorized') return { text: OWN_ACCOUNT.has(String(err.details?.key)) ? t('errors.ownAccount') : t('errors.forbidden'), fields };
  if (fields.email === t('errors.emailTaken')) return { text: t('errors.emailTaken'), fields };
  return { text: t(fallbackKey), fields };
}
