import { z } from 'zod';
import '../validation/zod-messages';

/** Database ids are bigint identities, sent as JSON numbers (they stay far below 2^53). */
export const idSchema = z.number().int().positive();

/** Identity ids come from the identity service (Kratos): uuids. */
export const identityIdSchema = z.uuid();

/** Optional free text: trimmed; an empty string counts as "not set" (spec §5: empty input is undefined). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** spec §5 'Required': trimmed and non-empty. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** spec §5 e-mail rule: word characters, '@', domain parts, an ending of 2 to 4 characters. */
export const EMAIL_PATTERN = /^[\w.+-]+@([\w-]+\.)+[\w-]{2,4}$/;
export const emailSchema = z.string().trim().toLowerCase().regex(EMAIL_PATTERN);

/** ISO 3166-1 alpha-2 country code, e.g. DE. */
export const countrySchema = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/);

export const isoDateTime = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date();
