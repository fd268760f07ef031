import { z } from 'zod';
import { emailSchema, isoDate } from './common';
import { CONFIRMATION_KINDS, CONFIRMATION_STATES } from '../vocabulary/confirmation';

export * from '../vocabulary/confirmation';

export const confirmationRequest = z
  .strictObject({ kind: z.enum(CONFIRMATION_KINDS), recipient: emailSchema, deliveryDate: isoDate.optional() })
  .refine((v) => (v.kind === 'delivery_date') === (v.deliveryDate !== undefined), { path: ['deliveryDate'], message: 'validation.required' });
export type ConfirmationRequestInput = z.infer<typeof confirmationRequest>;

export const confirmationSummary = z.object({
  id: z.number(),
  kind: z.enum(CONFIRMATION_KINDS),
  recipient: z.string(),
  deliveryDate: z.string().nullable(),
  state: z.enum(CONFIRMATION_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type ConfirmationSummary = z.infer<typeof confirmationSummary>;
export const confirmationList = z.object({ items: z.array(confirmationSummary) });

/** What the link's page shows: never more than the mission's name and what is asked. */
export const publicConfirmation = z.object({
  kind: z.enum(CONFIRMATION_KINDS),
  missionName: z.string(),
  deliveryDate: z.string().nullable(),
  state: z.enum(CONFIRMATION_STATES),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type PublicConfirmation = z.infer<typeof publicConfirmation>;
