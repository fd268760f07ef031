import { z } from 'zod';
import './zod-messages';
import { externalDeliveryAfter, parseDateInput, scanAfterStart } from './dates';
import { encodeIssue, issue, type MessageValues, type Rule, type ValidationIssue, type ValidationKey } from './issue';
import { passwordRepeat, password as passwordRule } from './password';
import { email as emailRule, maxBytes, minLength } from './text';

/*
 * zod 4 builders over the same rules. Every message is an encoded issue (see issue.ts), so a
 * server error envelope and a react-hook-form `errors.x.message` both resolve through
 * `translateIssue` to the user's language.
 */
const error = (key: ValidationKey, values?: MessageValues) => ({ error: encodeIssue(issue(key, values)) });

/** Bridges a Rule into zod: `z.string().superRefine(check(minLength(3)))`. */
export function check<T>(rule: Rule<T>) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const found = rule(value);
    if (found) ctx.addIssue({ code: 'custom', message: encodeIssue(found) });
  };
}

/** Trimmed, non-empty text ('Value is required'). */
export function requiredString() {
  return z.string(error('validation.required')).trim().min(1, error('validation.required'));
}

/** Optional trimmed text: '' stays '' (forms send empty strings for untouched fields). */
export function optionalString() {
  return z.string(error('validation.required')).trim();
}

export function requiredEmail() {
  return requiredString().superRefine(check(emailRule));
}

export function optionalEmail() {
  return optionalString().superRefine(check(emailRule));
}

export function minLengthString(min: number) {
  return requiredString().superRefine(check(minLength(min)));
}

/** Text whose UTF-8 encoding fits `max` bytes (the spec's byte-limited text areas). */
export function maxBytesString(max: number) {
  return z.string(error('validation.required')).superRefine(check(maxBytes(max)));
}

/** Password as typed (never trimmed): ≥ 8, upper, lower, digit, one of @ $ ! % * ? &. */
export function passwordString() {
  return z.string(error('validation.required')).min(1, error('validation.required')).superRefine(check(passwordRule));
}

/** Spec §5: an empty date input is undefined; anything else must be a real date. */
export function dateInput() {
  return z.preprocess(parseDateInput, z.date(error('validation.invalidDate')).optional());
}

export function requiredDateInput() {
  // zod reports an Invalid Date as invalid_type too; only a missing value is "required".
  const required = encodeIssue(issue('validation.required'));
  const invalid = encodeIssue(issue('validation.invalidDate'));
  return z.preprocess(parseDateInput, z.date({ error: (found) => (found.input === undefined ? required : invalid) }));
}

type Fields = Record<string, unknown>;

function addAt(ctx: z.RefinementCtx<Fields>, path: string, found: ValidationIssue | null) {
  if (found) ctx.addIssue({ code: 'custom', path: [path], message: encodeIssue(found) });
}

/** Object-level: `field` must equal `otherField`; `otherLabel` names it in the message. */
export function sameAsField(field: string, otherField: string, otherLabel: string) {
  return (values: Fields, ctx: z.RefinementCtx<Fields>) =>
    addAt(ctx, field, values[field] === values[otherField] ? null : issue('validation.sameAs', { other: otherLabel }));
}

/** Object-level: the repeat field must match the password field. */
export function passwordRepeatMatches(passwordField = 'password', repeatField = 'repeat') {
  return (values: Fields, ctx: z.RefinementCtx<Fields>) =>
    addAt(ctx, repeatField, passwordRepeat(String(values[repeatField] ?? ''), String(values[passwordField] ?? '')));
}

type DateValue = Date | string | null | undefined;

/** Object-level: the external delivery date after the pcl and cad dates (error on `external`). */
export function externalDeliveryAfterDates(fields: { external: string; pcl: string; cad: string }) {
  return (values: Fields, ctx: z.RefinementCtx<Fields>) =>
    addAt(
      ctx,
      fields.external,
      externalDeliveryAfter({
        external: values[fields.external] as DateValue,
        pcl: values[fields.pcl] as DateValue,
        cad: values[fields.cad] as DateValue,
      }),
    );
}

/** Object-level: the scan date-time after the start from office (error on `scan`). */
export function scanAfterStartFromOffice(fields: { scan: string; startFromOffice: string }) {
  return (values: Fields, ctx: z.RefinementCtx<Fields>) =>
    addAt(ctx, fields.scan, scanAfterStart({ scan: values[fields.scan] as DateValue, startFromOffice: values[fields.startFromOffice] as DateValue }));
}
