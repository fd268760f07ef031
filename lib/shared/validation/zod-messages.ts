import { z } from 'zod';
import { encodeIssue, issue, type ValidationIssue } from './issue';

/*
 * zod's built-in checks (`.max(200)`, `z.enum`, `.int()`, `z.uuid()`, …) speak English. This map
 * turns each of them into an encoded `validation.*` issue, so a schema written with plain zod
 * reaches a German form (and the API's field errors) as a message key like the shared rules do.
 * A message given on the schema itself still wins (zod's precedence), so the rules' own keys stay.
 */
type RawIssue = z.core.$ZodRawIssue;

const sizeKey = { string: 'Length', array: 'Items', set: 'Items', file: 'Size' } as const;

function bound(which: 'min' | 'max', origin: string | undefined, value: unknown): ValidationIssue {
  const limit = Number(value);
  const unit = sizeKey[origin as keyof typeof sizeKey];
  // A non-empty text or list is what a user knows as "required".
  if (which === 'min' && limit === 1 && (origin === 'string' || origin === 'array')) return issue('validation.required');
  if (unit === 'Length') return issue(which === 'min' ? 'validation.minLength' : 'validation.maxLength', which === 'min' ? { min: limit } : { max: limit });
  if (unit === 'Items') return issue(which === 'min' ? 'validation.minItems' : 'validation.maxItems', which === 'min' ? { min: limit } : { max: limit });
  if (origin === 'date') return issue('validation.invalidDate');
  return issue(which === 'min' ? 'validation.min' : 'validation.max', which === 'min' ? { min: limit } : { max: limit });
}

/** The validation issue for one of zod's own issues. */
export function zodIssueKey(raw: RawIssue): ValidationIssue {
  switch (raw.code) {
    case 'invalid_type':
      if (raw.input === undefined || raw.input === null) return issue('validation.required');
      return issue(raw.expected === 'int' ? 'validation.integer' : 'validation.invalidType');
    case 'too_small':
      return bound('min', raw.origin, raw.minimum);
    case 'too_big':
      return bound('max', raw.origin, raw.maximum);
    case 'invalid_format':
      if (raw.format === 'email') return issue('validation.email');
      if (raw.format === 'date' || raw.format === 'datetime') return issue('validation.invalidDate');
      return issue('validation.invalidFormat');
    case 'invalid_value':
      return issue('validation.invalidOption');
    case 'unrecognized_keys':
      return issue('validation.unknownField');
    default:
      return issue('validation.invalid');
  }
}

z.config({ customError: (raw) => encodeIssue(zodIssueKey(raw)) });
