/**
 * Validation rules never produce display text: they return a message key of the `validation.*`
 * namespace plus interpolation values, so the server (zod), forms (react-hook-form) and the UI
 * all resolve the same texts through next-intl in the user's language.
 */
export type MessageValues = Record<string, string | number>;

export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.minLength'
  | 'validation.maxBytes'
  | 'validation.sameAs'
  | 'validation.invalidDate'
  | 'validation.password.minLength'
  | 'validation.password.uppercase'
  | 'validation.password.lowercase'
  | 'validation.password.digit'
  | 'validation.password.special'
  | 'validation.password.mismatch'
  | 'validation.missionName.pattern'
  | 'validation.productRequired'
  | 'validation.externalDeliveryAfter'
  | 'validation.scanAfterStart'
  | 'validation.fileType'
  // zod's built-in checks (zod-messages.ts)
  | 'validation.maxLength'
  | 'validation.min'
  | 'validation.max'
  | 'validation.minItems'
  | 'validation.maxItems'
  | 'validation.integer'
  | 'validation.invalidType'
  | 'validation.invalidFormat'
  | 'validation.invalidOption'
  | 'validation.unknownField'
  | 'validation.noNul'
  | 'validation.noLoneSurrogate'
  | 'validation.invalid';

export interface ValidationIssue {
  key: ValidationKey;
  values?: MessageValues;
}

/** A rule inspects one value and answers with the first problem, or null when it is fine. */
export type Rule<T = string> = (value: T) => ValidationIssue | null;

export function issue(key: ValidationKey, values?: MessageValues): ValidationIssue {
  return values ? { key, values } : { key };
}

/** Runs rules in order and returns the first issue (the one a field shows). */
export function firstIssue<T>(value: T, rules: readonly Rule<T>[]): ValidationIssue | null {
  for (const rule of rules) {
    const found = rule(value);
    if (found) return found;
  }
  return null;
}

/*
 * zod issues and react-hook-form errors carry a single string, so key and values travel
 * together as `validation.minLength?min=8` (query-string encoding survives JSON error envelopes).
 */
export function encodeIssue({ key, values }: ValidationIssue): string {
  if (!values || Object.keys(values).length === 0) return key;
  const params = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
  return `${key}?${params.toString()}`;
}

const numeric = /^-?\d+(\.\d+)?$/;

/**
 * A domain error's message key (`errors.*`) with its values, encoded like an issue, so a reason
 * with a count or a name ('the role is still assigned to {users} user(s)') keeps both.
 */
export function encodeKey(key: `errors.${string}`, values?: MessageValues): string {
  return encodeIssue({ key: key as ValidationKey, values });
}

/** Inverse of encodeIssue and encodeKey; null for strings that are not encoded keys. */
export function decodeIssue(message: string): ValidationIssue | null {
  if (!message.startsWith('validation.') && !message.startsWith('errors.')) return null;
  const [key = '', query] = message.split(/\?(.*)/s);
  if (!query) return { key: key as ValidationKey };
  const values: MessageValues = {};
  // Numbers come back as numbers so ICU plural/number formatting keeps working.
  for (const [k, v] of new URLSearchParams(query)) values[k] = numeric.test(v) ? Number(v) : v;
  return { key: key as ValidationKey, values };
}

/** The shape of next-intl's `t` from `useTranslations()` / `getTranslations()` without namespace. */
export type Translate = (key: string, values?: MessageValues) => string;

/** Resolves an issue (or an encoded one) to text; other strings pass through unchanged. */
export function translateIssue(t: Translate, source: ValidationIssue | string): string {
  const found = typeof source === 'string' ? decodeIssue(source) : source;
  if (!found) return source as string;
  return t(found.key, found.values);
}
