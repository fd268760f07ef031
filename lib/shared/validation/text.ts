import { issue, type Rule, type ValidationIssue } from './issue';

/*
 * Like Angular's validators (which the spec's rules come from), every rule except `required`
 * accepts an empty value: emptiness is `required`'s business, so an optional e-mail field may
 * stay blank while a filled one must be valid.
 */

/** Spec §5: the value is trimmed first; whitespace alone is not a value. */
export function required(value: unknown): ValidationIssue | null {
  const empty =
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  return empty ? issue('validation.required') : null;
}

/**
 * Spec §5: word characters, '@', domain parts, an ending of 2 to 4 characters. This is the
 * language of the classic `^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$` (with 2–4), rewritten
 * without nested optional quantifiers: the classic form backtracks exponentially on input
 * such as "aaaaaaaaaaaaaaaaaaaaaaaaaaaa!" and would let one form field freeze a browser tab.
 */
export const EMAIL_PATTERN = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.\w{2,4}$/;
/** RFC 5321 caps an address at 254 characters; longer input is rejected before the regex. */
const EMAIL_MAX = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

export const email: Rule = (value) => {
  const trimmed = value.trim();
  return trimmed === '' || isEmail(trimmed) ? null : issue('validation.email');
};

/** Counts user-perceived characters by code point, so 'ü' or an emoji counts once. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

export function minLength(min: number): Rule {
  return (value) => (value === '' || characterCount(value) >= min ? null : issue('validation.minLength', { min }));
}

/** `other` is the (translated) label of the field that must match, e.g. "new password". */
export function sameAs(otherValue: () => unknown, other: string): Rule<unknown> {
  return (value) => (value === otherValue() ? null : issue('validation.sameAs', { other }));
}

/**
 * Bytes the text occupies as UTF-8 — what a byte-limited database column or API counts.
 * Counted by code point rather than with TextEncoder so it runs in every environment
 * (jsdom lacks TextEncoder); a lone surrogate counts 3, as its U+FFFD replacement would.
 */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export function maxBytes(max: number): Rule {
  return (value) => (utf8ByteLength(value) <= max ? null : issue('validation.maxBytes', { max }));
}
