import { z } from 'zod';
import { encodeIssue, issue } from '../validation/issue';
import './common';

/**
 * A first or last name as the profile and sign-up send it: trimmed; leaving it empty is allowed
 * (the identity schema does not require names), but a name made only of spaces is refused with
 * spec §5's 'Value is required' (the identity service refuses it too, identity/identities/schema.ts).
 * The length limit stays with the identity schema, which answers for it field by field.
 */
export const personNameSchema = z
  .string()
  .refine((v) => v === '' || v.trim() !== '', encodeIssue(issue('validation.required')))
  .transform((v) => v.trim());
