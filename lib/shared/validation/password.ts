import { issue, type Rule, type ValidationIssue } from './issue';

/** Spec §5 / §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

interface Requirement {
  test: (value: string) => boolean;
  issue: ValidationIssue;
}

/**
 * In the order a user fixes them; exported so a form can render a live checklist.
 * Length counts code points, like `minLength`.
 */
export const passwordRequirements: readonly Requirement[] = [
  { test: (v) => Array.from(v).length >= PASSWORD_MIN_LENGTH, issue: issue('validation.password.minLength', { min: PASSWORD_MIN_LENGTH }) },
  { test: (v) => /[A-Z]/.test(v), issue: issue('validation.password.uppercase') },
  { test: (v) => /[a-z]/.test(v), issue: issue('validation.password.lowercase') },
  { test: (v) => /\d/.test(v), issue: issue('validation.password.digit') },
  { test: (v) => /[@$!%*?&]/.test(v), issue: issue('validation.password.special', { characters: PASSWORD_SPECIAL_CHARACTERS }) },
];

/** Every unmet requirement, in order. */
export function passwordIssues(value: string): ValidationIssue[] {
  return passwordRequirements.filter((r) => !r.test(value)).map((r) => r.issue);
}

export const password: Rule = (value) => passwordIssues(value)[0] ?? null;

/** The repeat field: must be exactly the password (no trimming — spaces are characters here). */
export function passwordRepeat(repeat: string, passwordValue: string): ValidationIssue | null {
  return repeat === passwordValue ? null : issue('validation.password.mismatch');
}

/**
 * The same requirements as an HTML `pattern` (matched against the whole value, with the `v`/`u`
 * flag), so a form enforces them even without JavaScript.
 */
export const PASSWORD_HTML_PATTERN = `(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[${PASSWORD_SPECIAL_CHARACTERS}]).{${PASSWORD_MIN_LENGTH},}`;
