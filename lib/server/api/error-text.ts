import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { ErrorCode, FieldErrors, FieldIssues } from '@/lib/shared/errors';
import { decodeIssue, encodeIssue, issue } from '@/lib/shared/validation/issue';
import en from '@/messages/en.json';

/*
 * The English text of a message key, for the envelope's `message` fields: the UI shows the key
 * in the user's language, other API callers read the English. One catalogue, so they agree.
 */
const t = createTranslator({ locale: 'en', messages: en });
const translate = t as unknown as { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/** English for an encoded key; null when the string is no key of ours. */
export function englishText(encoded: string): string | null {
  const found = decodeIssue(encoded);
  if (found) return translate.has(found.key) ? translate(found.key, found.values) : null;
  return /^[a-z][\w]*(\.[\w]+)+$/i.test(encoded) && translate.has(encoded) ? translate(encoded) : null;
}

/** The key that names an error code generally (every code has one in messages/*.json). */
export const codeKey = (code: ErrorCode) => `errors.code.${code}`;

/**
 * Domain field errors (keys, or an English sentence from older code) → the wire shape. A plain
 * sentence keeps its text and gets the generic 'invalid value' key, so the UI still has a
 * translation to show.
 */
export function fieldIssues(fields: FieldErrors): FieldIssues {
  const out: FieldIssues = {};
  for (const [path, messages] of Object.entries(fields)) {
    out[path] = messages.map((message) => {
      const text = englishText(message);
      return text !== null ? { key: message, message: text } : { key: encodeIssue(issue('validation.invalid')), message };
    });
  }
  return out;
}
