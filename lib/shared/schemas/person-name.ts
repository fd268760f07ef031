import { z } from 'zod';
import { encodeIssue, issue } from '../validation/issue';
import './common';

/** Longest first or last name (identity/schema/default.schema.json). */
export const PERSON_NAME_MAX = 256;

/**
 * A first or last name as the profile and sign-up send it: trimmed; leaving it empty is allowed
 * (the identity schema does not require names), but a name made only of spaces is refused with
 * spec §5's 'Value is required' (the identity service refuses it too, identity/identities/schema.ts).
 */
export const personNameSchema = z
  .string()
  .max(PERSON_NAME_MAX)
  .refine((v) => v === '' || v.trim() !== '', encodeIssue(issue('validation.required')))
  .transform((v) => v.trim());
