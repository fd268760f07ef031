import { z } from 'zod';
import { idSchema } from './common';
import { maxBytes } from '../validation/text';
import { check, requiredString } from '../validation/zod';

/** Limits of a support request in UTF-8 bytes, as the form's counters count (spec §5). */
export const SUPPORT_MAX_BYTES = { subject: 200, message: 5000 } as const;

const requiredField = (max: number) => requiredString().superRefine(check(maxBytes(max)));

/** What the support form sends: the user's words, and where they were (a path of the app, a mission). */
export const supportRequest = z.object({
  subject: requiredField(SUPPORT_MAX_BYTES.subject),
  message: requiredField(SUPPORT_MAX_BYTES.message),
  /** The page the user came from; only a path of this app. */
  page: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\s\\]*$/)
    .optional(),
  missionId: idSchema.optional(),
});
export type SupportRequest = z.infer<typeof supportRequest>;
export type SupportRequestInput = z.input<typeof supportRequest>;

export const supportReceipt = z.object({
  /** Quoted in the confirmation and the mail's subject, so both sides can refer to it. */
  reference: z.string(),
  delivery: z.enum(['smtp', 'outbox']),
});
export type SupportReceipt = z.infer<typeof supportReceipt>;

/** Who support is (SUPPORT_EMAIL, SUPPORT_PHONE): shown on the support view. */
export const supportContact = z.object({ email: z.string(), phone: z.string().nullable() });
export type SupportContact = z.infer<typeof supportContact>;
