/*
 * The confirmation vocabulary, free of zod, so the mission detail's confirmation panel can name
 * the steps without bringing zod (about 28 kB) into the page's first load. The schemas are in
 * lib/shared/schemas/confirmation.ts, which re-exports all of this.
 */

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

export const CONFIRMATION_STATES = ['open', 'confirmed', 'expired'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];
