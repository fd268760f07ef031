import { z } from 'zod';
import { emailSchema, isoDate } from './common';

/**
 * The confirmation view (issue 20 point 5): a customer confirms an order or a proposed delivery
 * date from a link in an e-mail. Staff send the request from the mission detail while the mission
 * is at the matching step; the link is single-use and expires.
 */
export const CONFIRMATION_KINDS = ['order', 'delivery_date'] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

/** The step a request belongs to, and the step a confirmation moves the mission on to. */
export const CONFIRMATION_STEPS = {
  order: { awaiting: 'order_confirm', next: 'scan_appointment' },
  delivery_date: { awaiting: 'confirm_delivery_date', next: 'scan' },
} as const satisfies Record<ConfirmationKind, { awaiting: string; next: string }>;

/** How long a link works. */
export const CONFIRMATION_VALID_DAYS = 14;

export const confirmationRequest = z
  .strictObject({ kind: z.enum(CONFIRMATION_KINDS), recipient: emailSchema, deliveryDate: isoDate.optional() })
  .refine((v) => (v.kind === 'delivery_date') === (v.deliveryDate !== undefined), { path: ['deliveryDate'], message: 'validation.required' });
export type ConfirmationRequestInput = z.infer<typeof confirmationRequest>;

export const CONFIRMATION_STATES = ['open', 'confirmed', 'expired'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

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
